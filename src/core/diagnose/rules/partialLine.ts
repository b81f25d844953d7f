import type { Rule } from '../rule';
import { quote } from '../describe';

export const partialLine: Rule = {
  id: 'partial-line',
  stage: 'framing',
  severity: 'warning',
  on: ['s2c-line'],
  onEvent(e, _ctx, report) {
    if (e.dir !== 's2c' || e.kind !== 'partial') return;
    const lost = e.raw.trimStart().startsWith('{');
    report({
      message: `stdout ended with ${Buffer.byteLength(e.raw)} bytes and no final newline: ${quote(e.raw)}`,
      evidence: [e.seq],
      severity: lost ? 'error' : undefined,
      hint: 'End every message with "\\n" and flush stdout before exiting (print(..., flush=True); in Node let the write finish before process.exit()).',
    });
  },
};
