import type { JsonRpcResponse } from '../wire/message';
import type { ServerInfo } from './clientOptions';
import { provesModern, readDiscoverResult, type EraOutcome } from './probe';

/** A response that came after its request had timed out. */
export interface LateAnswer {
  response: JsonRpcResponse;
  seq: number;
}

/** Where the answer to a timed-out server/discover goes, whether it comes before anyone listens or after. */
export class LateProbeAnswer {
  private answer: LateAnswer | undefined;
  private listener: ((answer: LateAnswer) => void) | undefined;

  constructor(readonly version: string) {}

  deliver(answer: LateAnswer): void {
    this.answer = answer;
    this.listener?.(answer);
  }

  /** Hands over the answer now if it came already, else when it comes (until `stop`). */
  listen(listener: (answer: LateAnswer) => void): void {
    this.listener = listener;
    if (this.answer) listener(this.answer);
  }

  stop(): void {
    this.listener = undefined;
  }
}

export interface LateModernDeps {
  late: LateProbeAnswer;
  /** Sends initialize; `onId` learns its id as it is sent. */
  initialize(onId: (id: number) => void): Promise<ServerInfo>;
  /** Stops waiting for a request without telling the server, saying why in the trace. */
  abandon(id: number, reason: string): void;
  /** The probe again, from the start (a late -32022 named versions to try). */
  probe(): Promise<EraOutcome>;
  modernVersions: readonly string[];
}

/** The legacy handshake completed first, or a late modern answer won and says which era is in use. */
export type LateModernOutcome = { legacy: ServerInfo } | { modern: EraOutcome };

/**
 * The probe timed out, so initialize goes out; but "a server still starting (a cold
 * npx/uvx) is not legacy: a DiscoverResult that arrives before the legacy handshake
 * completes wins" (DESIGN.md §1), and so does a recognised modern error ("Do not fall back
 * to initialize"). The initialize is then abandoned, not left pending.
 */
export async function initializeUnlessLateModern(deps: LateModernDeps): Promise<LateModernOutcome> {
  const afterTimeout = (seq: number) => ` (seq ${seq}) after the probe had timed out: the server was still starting`;
  let initializeId: number | undefined;
  let modern: LateAnswer | undefined;
  let provenModern!: (answer: LateAnswer) => void;
  const lateModern = new Promise<LateAnswer>((resolve) => (provenModern = resolve));
  deps.late.listen((answer) => {
    if (modern || !provesModern(answer.response)) return;
    modern = answer;
    provenModern(answer);
    // Decided as the line is read, before the next one: initialize's own answer (a modern
    // server's -32601, often on the very next line) then finds nothing waiting for it.
    if (initializeId !== undefined)
      deps.abandon(initializeId, `the server answered server/discover${afterTimeout(answer.seq)}; it is modern`);
  });
  const initializing: Promise<ServerInfo> = modern ? new Promise<never>(() => undefined) : deps.initialize((id) => (initializeId = id));
  try {
    const first = await Promise.race([
      initializing.then(
        (info) => ({ info }),
        // Abandoned for (or beaten by) a late modern answer: that answer decides.
        (error: unknown) => (modern ? { answer: modern } : Promise.reject(error)),
      ),
      lateModern.then((answer) => ({ answer })),
    ]);
    if ('info' in first) return { legacy: first.info };
    const { response, seq } = first.answer;
    if (response.error) return { modern: await deps.probe() }; // -32022: probe again, now that it is up.
    const result = typeof response.result === 'object' && response.result !== null ? (response.result as Record<string, unknown>) : {};
    return { modern: readDiscoverResult(result, deps.late.version, deps.modernVersions, afterTimeout(seq)) };
  } finally {
    deps.late.stop();
  }
}
