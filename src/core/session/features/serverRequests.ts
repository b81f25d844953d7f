import type { JsonRpcRequest } from '../../wire/message';
import { capabilityFor, grants } from '../clientCapabilities';
import { InvalidAskError, RefusedAskError } from '../errors';
import type { InputRound } from '../inputRequired';
import type { ClientFeature, FeatureHost } from './feature';
import type { InputRounds } from './inputRounds';

type Reply = { result: Record<string, unknown> } | { error: { code: number; message: string } };

/**
 * Legacy server→client requests: `ping` ("The receiver MUST respond promptly with an empty
 * response"), and the asks the client declared a capability for; -32601 for the rest.
 */
export class ServerRequests implements ClientFeature {
  constructor(
    private readonly host: FeatureHost,
    private readonly rounds: InputRounds,
  ) {}

  handleRequest(msg: JsonRpcRequest): boolean {
    void this.answer(msg);
    return true;
  }

  private async answer(msg: JsonRpcRequest): Promise<void> {
    const params = msg.params ?? {};
    const capability = capabilityFor(msg.method, params);
    const replying = this.reply(msg.method, params, capability);
    // ping and a refusal are answered at once, before the next line is read; an ask waits for its answerer.
    const reply = replying instanceof Promise ? await replying : replying;
    if (capability) {
      const round: InputRound = { era: 'legacy', key: String(msg.id), method: msg.method, params };
      if ('result' in reply) round.result = reply.result;
      else round.error = reply.error.message;
      this.rounds.told(round);
    }
    try {
      await this.host.exchange.post({ jsonrpc: '2.0', id: msg.id, ...reply });
    } catch {
      // The server is gone; its exit is in the trace.
    }
  }

  private reply(method: string, params: Record<string, unknown>, capability: string | undefined): Reply | Promise<Reply> {
    const answer = this.host.answerers()[method];
    if (method === 'ping') return { result: {} };
    if (!answer || (capability && !grants(this.host.declared('legacy'), capability)))
      return { error: { code: -32601, message: this.notAnswered(method, capability) } };
    return answer(params).then(
      (result) => ({ result }),
      // "Clients SHOULD return errors for … User rejected sampling request (-1)"; other failures are internal errors.
      (err: unknown) => ({
        error: {
          code: err instanceof RefusedAskError ? -1 : err instanceof InvalidAskError ? -32602 : -32603,
          message: err instanceof Error ? err.message : String(err),
        },
      }),
    );
  }

  private notAnswered(method: string, capability: string | undefined): string {
    const why =
      capability && grants(this.host.declared('legacy'), capability)
        ? 'the client profile declares that capability, but nothing here answers it'
        : 'the client did not declare that capability';
    return `Method not found: MCP Lens does not answer "${method}"${capability ? ` (${capability}) ` : ' '}requests from the server: ${why}`;
  }
}
