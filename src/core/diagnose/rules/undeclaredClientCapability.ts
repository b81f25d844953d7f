import type { Rule } from '../rule';
import { isRequest } from '../../wire/message';
import { capabilityFor, grants } from '../../session/clientCapabilities';

/**
 * Legacy: a server→client request the client declared no capability for ("Servers MUST NOT
 * send requests for capabilities the client has not declared", as each feature's section
 * words it: sampling, roots, elicitation and its modes).
 */
export const undeclaredClientCapability: Rule = {
  id: 'undeclared-client-capability',
  stage: 'negotiation',
  severity: 'error',
  on: ['c2s-request', 's2c-request'],
  onEvent(e, ctx, report) {
    if (!isRequest(e.msg)) return;
    const declared = ctx.stateOf('undeclared-client-capability', () => ({
      caps: undefined as Record<string, unknown> | undefined,
      seq: -1,
    }));
    if (e.dir === 'c2s') {
      if (e.msg.method === 'initialize') {
        declared.caps = (e.msg.params?.capabilities as Record<string, unknown> | undefined) ?? {};
        declared.seq = e.seq;
      }
      return;
    }
    const capability = capabilityFor(e.msg.method, e.msg.params);
    if (!capability || declared.caps === undefined || grants(declared.caps, capability)) return;
    report({
      message: `The server sent ${e.msg.method} (id ${JSON.stringify(e.msg.id)}) although the client's initialize did not declare "${capability}"`,
      evidence: [declared.seq, e.seq],
      hint: `Check the client's capabilities before asking (e.g. getClientCapabilities()?.${capability.split('.')[0]}) and fall back, or fail the tool with a clear message, when it is absent.`,
    });
  },
};
