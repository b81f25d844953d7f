import { S2C_MESSAGES, type Rule } from '../rule';
import { describeMessage } from '../envelope';
import { quote } from '../describe';

export const gluedOutput: Rule = {
  id: 'glued-output',
  stage: 'framing',
  severity: 'error',
  on: S2C_MESSAGES,
  onEvent(e, _ctx, report) {
    if (e.dir !== 's2c' || e.glued === undefined || !e.msg) return;
    report({
      message: `Text ${quote(e.glued)} was glued before the ${describeMessage(e)} on one stdout line; MCP Lens recovered the message, other clients lose it`,
      evidence: [e.seq],
      hint: 'Something wrote to stdout without a newline (e.g. process.stdout.write("ready ")): write logs to stderr (console.error / print(..., file=sys.stderr)) and end every stdout write with "\\n".',
    });
  },
};
