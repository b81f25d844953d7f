import { Emitter, type Disposable } from '../../util/disposable';
import { UnansweredInputError } from '../errors';
import { answerInputRequests, inputRequiredFault, type InputRound } from '../inputRequired';
import type { FeatureHost } from './feature';

/** Rounds of InputRequiredResult one request may take before the client stops answering. */
const MAX_INPUT_ROUNDS = 8;
/** How many rounds in a row may ask exactly the same thing before the client takes it for a loop. */
const MAX_SAME_ASKS = 3;

/** One round of a request: sends it with the given params (a new id each time). */
export type SendRound = (params: Record<string, unknown>) => Promise<Record<string, unknown>>;

/**
 * 2026-07-28 multi-round-trip: an InputRequiredResult is not the answer. The client answers
 * its inputRequests and sends the original request again, as a new request (new id), with
 * `inputResponses` and the `requestState` echoed exactly, omitted when there was none. Every
 * question answered or refused, whichever era asked it, is told to onInputRound.
 */
export class InputRounds {
  private readonly roundEmitter = new Emitter<InputRound>();
  /** Every question the server asked (legacy request or MRTR entry) once the client answered or refused it. */
  readonly onInputRound = (listener: (r: InputRound) => void): Disposable => this.roundEmitter.event(listener);

  constructor(private readonly host: FeatureHost) {}

  /** A 2026-07-28 InputRequiredResult: not the answer yet (see untilComplete). */
  wantsInput(result: Record<string, unknown>): boolean {
    return this.host.info()?.era === 'modern' && result.resultType === 'input_required';
  }

  /** Follows `first` round by round until the server's result is complete. */
  async untilComplete(
    method: string,
    params: Record<string, unknown> | undefined,
    first: Record<string, unknown>,
    once: SendRound,
  ): Promise<Record<string, unknown>> {
    let result = first;
    const repeats = { lastAsk: undefined as string | undefined, same: 0 };
    for (let round = 1; this.wantsInput(result); round++) {
      this.checkRound(method, result, round, repeats);
      const next: Record<string, unknown> = { ...params, inputResponses: await this.answer(method, result.inputRequests, round) };
      if (typeof result.requestState === 'string') next.requestState = result.requestState;
      result = await once(next);
    }
    return result;
  }

  /** Answers one round's inputRequests for `request` (the tasks extension's tasks/update too). */
  answer(request: string, inputRequests: unknown, round: number): Promise<Record<string, unknown>> {
    return answerInputRequests(request, inputRequests, this.host.answerers(), (r) =>
      this.roundEmitter.fire({ era: 'modern', request, round, ...r }),
    );
  }

  /** A legacy server→client request, answered or refused. */
  told(round: InputRound): void {
    this.roundEmitter.fire(round);
  }

  /** Throws when this round cannot or should not be answered: malformed, too many rounds, or the same ask again and again. */
  private checkRound(
    method: string,
    result: Record<string, unknown>,
    round: number,
    repeats: { lastAsk: string | undefined; same: number },
  ): void {
    const fault = inputRequiredFault(result);
    if (fault) throw new UnansweredInputError(`${method}: the server answered with ${fault}`);
    if (round > MAX_INPUT_ROUNDS)
      throw new UnansweredInputError(`${method}: the server still asks for input after ${MAX_INPUT_ROUNDS} rounds`);
    const ask = JSON.stringify([result.inputRequests, result.requestState]);
    repeats.same = ask === repeats.lastAsk ? repeats.same + 1 : 1;
    repeats.lastAsk = ask;
    if (repeats.same < MAX_SAME_ASKS) return;
    this.host.trace.append({
      dir: 'meta',
      kind: 'note',
      raw: `stopped answering ${method}: the server asked the same thing ${repeats.same} rounds in a row`,
      info: { reason: 'input-repeated', method, rounds: repeats.same },
    });
    throw new UnansweredInputError(
      `${method}: the server asked the same thing ${repeats.same} rounds in a row, whatever the answer; the client stopped`,
    );
  }
}
