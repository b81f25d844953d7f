import type { Rule } from '../rule';
import { onFirstAnswer } from '../answer';
import { LIST_METHODS, capabilityFor, declares } from '../capabilities';
import { capabilitiesSource, describeRequest } from '../describe';
import { isModernRequest } from '../modernResult';

/** A -32601 explained by the capabilities message: the server never said it had this. */
export const undeclaredCapability: Rule = {
  id: 'undeclared-capability',
  stage: 'negotiation',
  // Legacy lifecycle: both parties "MUST … only use capabilities that were successfully negotiated".
  severity: 'error',
  on: ['s2c-response'],
  onEvent: onFirstAnswer(({ request: r, response: msg }, e, ctx, report) => {
    if (msg.error?.code !== -32601 || !ctx.capabilities || ctx.capabilitiesSeq === undefined) return;
    // 2026-07-28 has no "tasks" capability: the tasks extension governs tasks/*, and the
    // methods it removed (tasks/result, tasks/list) "MUST receive -32601".
    if (r.method.startsWith('tasks/') && isModernRequest(r)) return;
    const cap = capabilityFor(r.method);
    if (!cap || declares(ctx.capabilities, cap)) return;
    const name = cap.sub ? `${cap.name}.${cap.sub}` : cap.name;
    const source =
      ctx.capabilitiesSeq === ctx.discover?.responseSeq ? capabilitiesSource('server/discover') : capabilitiesSource('initialize');
    // A list answered -32601 without the capability is the server truthfully saying "none"
    // (hosts and `mcp-lens check` probe lists to tell that apart from undeclared items).
    const probe = LIST_METHODS[r.method] !== undefined;
    report({
      severity: probe ? 'info' : undefined,
      message: `${describeRequest(r)} was answered -32601 (method not found): the server's ${source} (seq ${ctx.capabilitiesSeq}) declares no "${name}" capability (capabilities: ${JSON.stringify(ctx.capabilities)})`,
      evidence: [ctx.capabilitiesSeq, e.seq],
      hint: `Clients should only call ${r.method} when "${name}" is declared. If the server is meant to support it, declare "${name}" in its capabilities and implement the handler (with the TypeScript SDK, register resources/tools/prompts before connect()).`,
    });
  }),
};
