import type { Rule } from '../rule';
import { onFirstAnswer } from '../answer';
import { checkParamHeaders } from '../../transport/httpHeaders';

/**
 * Streamable HTTP 2026-07-28, custom headers from tool parameters: an `x-mcp-header` must be a
 * non-empty header-name token on a string, integer or boolean property, unique regardless of
 * case; clients must reject a tool that breaks this (SEP-2243): MCP Lens leaves it out and will not call it.
 */
export const invalidToolHeader: Rule = {
  id: 'invalid-tool-header',
  stage: 'transport',
  severity: 'error',
  on: ['s2c-response'],
  onEvent: onFirstAnswer(({ request: r, response: msg }, e, ctx, report) => {
    if (r.method !== 'tools/list' || ctx.era !== 'modern' || ctx.httpSeq === undefined) return;
    const tools = msg.result?.tools;
    if (!Array.isArray(tools)) return;
    for (const tool of tools as { name?: unknown; inputSchema?: unknown }[]) {
      const checked = checkParamHeaders(tool?.inputSchema);
      if (checked.ok) continue;
      report({
        message: `Tool "${String(tool?.name)}" is left out: ${checked.problem}`,
        evidence: [r.seq, e.seq],
        retry: false,
        hint: 'Give x-mcp-header a header-name token (letters, digits, - and the like) on a string, integer or boolean property, each name once; until then clients reject the tool and never call it.',
      });
    }
  }),
};
