import { S2C_MESSAGES, type Rule } from '../rule';
import { describeMessage } from '../envelope';
import { quote } from '../describe';

export const gluedOutput: Rule = {
  id: 'glued-output',
  stage: 'framing',
  severity: 'error',
  on: S2C_MESSAGES,
  onEvent(e, ctx, report) {
    if (e.dir !== 's2c' || e.glued === undefined || !e.msg) return;
    const writer = ctx.strayWriters.get(e.glued) ?? ctx.strayWriters.get(e.glued.trim());
    report({
      message: `Text ${quote(e.glued)}${writer ? ` (written at ${writer.where})` : ''} was glued before the ${describeMessage(e)} on one stdout line; MCP Lens recovered the message, other clients lose it`,
      evidence: writer ? [e.seq, writer.seq] : [e.seq],
      hint: 'Something wrote to stdout without a newline (e.g. process.stdout.write("ready ")): write logs to stderr (console.error / print(..., file=sys.stderr)) and end every stdout write with "\\n".',
    });
  },
};
