import { ALL_S2C, type Rule } from '../rule';
import { quote } from '../describe';

export const invalidUtf8: Rule = {
  id: 'invalid-utf8',
  stage: 'framing',
  // Transports: "JSON-RPC messages MUST be UTF-8 encoded."
  severity: 'error',
  on: ALL_S2C,
  facts: ['invalidUtf8'],
  onEvent(e, _ctx, report) {
    if (e.dir !== 's2c' || !e.invalidUtf8) return;
    report({
      message: `stdout line holds bytes that are not UTF-8 (shown as U+FFFD): ${quote(e.raw)}`,
      evidence: [e.seq],
      hint: "Write stdout as UTF-8 (Python: sys.stdout.reconfigure(encoding='utf-8'); Windows consoles default to a code page) and send binary data base64-encoded in the spec's `data`/`blob` fields.",
    });
  },
};
