import { toolNameProblem } from '../../names/toolNames';
import { visibleName } from '../../text/invisibles';
import { onFirstAnswer } from '../answer';
import type { Rule } from '../rule';

/** A tools/list name outside the 2025-11-25 specification's SHOULD (1–128 of A–Z a–z 0–9 _ - .): a warning. */
export const toolNameInvalid: Rule = {
  id: 'tool-name-invalid',
  stage: 'negotiation',
  severity: 'warning',
  on: ['s2c-response'],
  onEvent: onFirstAnswer(({ request: r, response: msg }, e, _ctx, report) => {
    if (r.method !== 'tools/list' || !Array.isArray(msg.result?.tools)) return;
    for (const tool of msg.result.tools as { name?: unknown }[]) {
      if (typeof tool?.name !== 'string') continue;
      const problem = toolNameProblem(tool.name);
      if (!problem) continue;
      report({
        message: `tools/list names a tool "${visibleName(tool.name).slice(0, 200)}" that ${problem}`,
        evidence: [r.seq, e.seq],
        hint: 'The 2025-11-25 specification (Tools › Tool Names): tool names SHOULD be 1–128 characters of A–Z, a–z, 0–9, _, - and . only. Invisible, bidi and look-alike characters let one tool pass for another; rename it.',
      });
    }
  }),
};
