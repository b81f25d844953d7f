import type { Rule } from '../rule';
import { onFirstAnswer } from '../answer';
import { LIST_METHODS } from '../capabilities';
import { capabilitiesSource } from '../describe';

/** Items listed while the capabilities lack the capability: hosts that honour capabilities never ask. */
export const capabilityNotDeclared: Rule = {
  id: 'capability-not-declared',
  stage: 'negotiation',
  severity: 'error',
  on: ['s2c-response'],
  onEvent: onFirstAnswer(({ request: r, response: msg }, e, ctx, report) => {
    if (!msg.result) return;
    const list = LIST_METHODS[r.method];
    if (!list || !ctx.capabilities || ctx.capabilitiesSeq === undefined) return;
    const items = msg.result[list.items];
    if (!Array.isArray(items) || items.length === 0 || ctx.capabilities[list.capability] !== undefined) return;
    const state = ctx.stateOf('capability-not-declared', () => new Set<string>());
    if (state.has(r.method)) return;
    state.add(r.method);
    const names = items
      .slice(0, 5)
      .map((i) =>
        typeof i === 'object' && i !== null
          ? String((i as Record<string, unknown>).name ?? (i as Record<string, unknown>).uri ?? '?')
          : '?',
      )
      .join(', ');
    const source =
      ctx.capabilitiesSeq === ctx.discover?.responseSeq ? capabilitiesSource('server/discover') : capabilitiesSource('initialize');
    report({
      message: `${r.method} returned ${items.length} ${items.length === 1 ? list.items.replace(/s$/, '') : list.items} (${names}${items.length > 5 ? ', …' : ''}) but the server's ${source} (seq ${ctx.capabilitiesSeq}) declares no "${list.capability}" capability; hosts that honour capabilities will never list them`,
      evidence: [ctx.capabilitiesSeq, e.seq],
      hint: `Declare "${list.capability}": {} in the server's capabilities. With the TypeScript SDK, register ${list.items} before server.connect(): the capabilities are fixed when the client connects.`,
    });
  }),
};
