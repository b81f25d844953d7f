import type { Rule } from '../rule';
import { quote } from '../describe';

export const partialLine: Rule = {
  id: 'partial-line',
  stage: 'framing',
  // stdio: messages "are delimited by newlines"; bytes without one are not a valid MCP message.
  severity: 'error',
  on: ['s2c-line'],
  onEvent(e, _ctx, report) {
    if (e.dir !== 's2c' || e.kind !== 'partial') return;
    report({
      message: `stdout ended with ${Buffer.byteLength(e.raw)} bytes and no final newline: ${quote(e.raw)}`,
      evidence: [e.seq],
      hint: 'End every message with "\\n" and flush stdout before exiting (print(..., flush=True); in Node let the write finish before process.exit()).',
    });
  },
};
