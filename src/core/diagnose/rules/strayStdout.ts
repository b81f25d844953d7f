import type { Rule } from '../rule';
import { quote } from '../describe';

export const strayStdout: Rule = {
  id: 'stray-stdout',
  stage: 'framing',
  severity: 'warning',
  on: ['s2c-line'],
  onEvent(e, ctx, report) {
    if (e.dir !== 's2c' || e.kind !== 'stray') return;
    // A line that starts like a message but does not parse is a lost message, not just noise.
    const broken = /^\s*\{\s*"jsonrpc"/.test(e.raw);
    // The preload's record of the write, when it came first (it names the source line).
    const writer = ctx.strayWriters.get(e.raw);
    const at = writer ? `, written at ${writer.where}` : '';
    report({
      message: broken
        ? `stdout line is broken JSON (a message the client cannot read)${at}: ${quote(e.raw)}`
        : `stdout line is not JSON${at}: ${quote(e.raw)}`,
      evidence: writer ? [e.seq, writer.seq] : [e.seq],
      severity: broken ? 'error' : undefined,
      hint: broken
        ? 'Serialise each message with JSON.stringify / json.dumps (no NaN, no trailing commas) and write it whole.'
        : 'stdout carries only protocol messages: log with console.error (Node) or print(..., file=sys.stderr) (Python), or a logger configured for stderr; silence launcher output (npx -y, --quiet).',
    });
  },
};
