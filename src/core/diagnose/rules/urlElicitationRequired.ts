import type { Rule } from '../rule';
import { onFirstAnswer } from '../answer';
import { describeRequest, quote } from '../describe';

/**
 * 2025-11-25: -32042 URLElicitationRequiredError, `data.elicitations` listing the URL-mode
 * elicitations to complete before retrying. 2026-07-28: "MUST NOT emit … -32042".
 */
export const urlElicitationRequired: Rule = {
  id: 'url-elicitation-required',
  stage: 'invocation',
  severity: 'info',
  on: ['s2c-response'],
  onEvent: onFirstAnswer(({ request: r, response: msg }, e, ctx, report) => {
    if (msg.error?.code !== -32042) return;
    const elicitations = (msg.error.data as { elicitations?: unknown } | undefined)?.elicitations;
    const urls = Array.isArray(elicitations) ? elicitations.map((x) => String((x as { url?: unknown } | null)?.url)) : [];
    if (ctx.era === 'modern') {
      report({
        severity: 'error',
        message: `${describeRequest(r)} was refused with -32042 ${quote(msg.error.message)}, a code 2026-07-28 servers must not emit`,
        evidence: [r.seq, e.seq],
        hint: 'In 2026-07-28 a URL elicitation is asked inside an input_required result (elicitation/create with mode "url"), not as an error.',
      });
      return;
    }
    report({
      message: `${describeRequest(r)} needs the user to visit ${urls.length > 0 ? urls.map((u) => quote(u)).join(', ') : 'a URL (data.elicitations is missing)'} before it can run (-32042)`,
      evidence: [r.seq, e.seq],
      hint: 'Open the URL (MCP Lens shows it and its domain, and opens it only on a click), complete the step there, then retry the request.',
    });
  }),
};
