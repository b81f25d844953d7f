import type { Rule } from '../rule';
import { quote } from '../describe';

export const strayStdout: Rule = {
  id: 'stray-stdout',
  stage: 'framing',
  severity: 'warning',
  on: ['s2c-line'],
  onEvent(e, _ctx, report) {
    if (e.dir !== 's2c' || e.kind !== 'stray') return;
    // A line that starts like a message but does not parse is a lost message, not just noise.
    const broken = /^\s*\{\s*"jsonrpc"/.test(e.raw);
    report({
      message: broken
        ? `stdout line is broken JSON (a message the client cannot read): ${quote(e.raw)}`
        : `stdout line is not JSON: ${quote(e.raw)}`,
      evidence: [e.seq],
      severity: broken ? 'error' : undefined,
      hint: broken
        ? 'Serialise each message with JSON.stringify / json.dumps (no NaN, no trailing commas) and write it whole.'
        : 'stdout carries only protocol messages: log with console.error (Node) or print(..., file=sys.stderr) (Python), or a logger configured for stderr; silence launcher output (npx -y, --quiet).',
    });
  },
};
