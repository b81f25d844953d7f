import { ALL_S2C, type Rule } from '../rule';
import { describeMessage } from '../envelope';

export const multilineJson: Rule = {
  id: 'multiline-json',
  stage: 'framing',
  severity: 'error',
  on: ALL_S2C,
  facts: ['multiline'],
  onEvent(e, _ctx, report) {
    if (e.dir !== 's2c' || !e.multiline) return;
    const lines = e.raw.split('\n').length;
    report({
      message: `The ${e.msg ? describeMessage(e) : 'JSON value'} was spread over ${lines} stdout lines (pretty-printed); messages "MUST NOT contain embedded newlines"`,
      evidence: [e.seq],
      hint: 'Serialise each message on one line: JSON.stringify(msg) / json.dumps(msg) without indent, then a single "\\n".',
    });
  },
};
