import { UnansweredInputError } from './errors';

/** What the client can answer, by method: inside an InputRequiredResult or as a legacy server request. */
export type InputAnswerers = Partial<Record<string, (params: Record<string, unknown>) => Promise<Record<string, unknown>>>>;

/** The methods an InputRequest may carry: "anyOf CreateMessageRequest, ListRootsRequest, ElicitRequest". */
export const INPUT_REQUEST_METHODS: ReadonlySet<string> = new Set(['sampling/createMessage', 'roots/list', 'elicitation/create']);

/** The longest `requestState` the client echoes back (its own cap: the spec sets none). */
export const MAX_REQUEST_STATE_BYTES = 1024 * 1024;

/** One question the server asked and what the client answered (legacy request or MRTR entry). */
export interface InputRound {
  era: 'modern' | 'legacy';
  /** The client request the ask belongs to (modern), e.g. tools/call. */
  request?: string;
  /** 1 for the first InputRequiredResult of a request (modern). */
  round?: number;
  /** The key in `inputRequests` (modern) or the JSON-RPC id (legacy). */
  key: string;
  method: string;
  params: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: string;
}

/**
 * Why an InputRequiredResult cannot be acted on, or undefined: "At least one of
 * `inputRequests` or `requestState` MUST be present"; every entry must be one of the three
 * InputRequest methods; a requestState over the client's cap is not echoed.
 */
export function inputRequiredFault(result: Record<string, unknown>): string | undefined {
  const { inputRequests, requestState } = result;
  if (inputRequests === undefined && requestState === undefined)
    return 'an input_required result with neither inputRequests nor requestState';
  if (inputRequests !== undefined && (typeof inputRequests !== 'object' || inputRequests === null || Array.isArray(inputRequests))) {
    return 'inputRequests is not an object keyed by the server’s request identifiers';
  }
  if (requestState !== undefined && typeof requestState !== 'string') return 'requestState is not a string';
  if (typeof requestState === 'string' && Buffer.byteLength(requestState) > MAX_REQUEST_STATE_BYTES) {
    return `requestState is ${Buffer.byteLength(requestState)} bytes, over the client's cap of ${MAX_REQUEST_STATE_BYTES}`;
  }
  for (const [key, request] of Object.entries((inputRequests ?? {}) as Record<string, unknown>)) {
    const method = (request as { method?: unknown } | null)?.method;
    if (typeof method !== 'string' || !INPUT_REQUEST_METHODS.has(method)) {
      return `inputRequests["${key}"] has method ${JSON.stringify(method)}, not sampling/createMessage, roots/list or elicitation/create`;
    }
  }
  return undefined;
}

/**
 * 2026-07-28 multi-round-trip: answers every entry of `inputRequests` ("Keys correspond to the
 * keys in the InputRequests map; values are the client's result for each request").
 */
export async function answerInputRequests(
  method: string,
  inputRequests: unknown,
  answerers: InputAnswerers,
  onRound: (r: Omit<InputRound, 'era' | 'request' | 'round'>) => void = () => undefined,
): Promise<Record<string, unknown>> {
  const responses: Record<string, unknown> = {};
  if (!inputRequests || typeof inputRequests !== 'object') return responses;
  for (const [key, request] of Object.entries(inputRequests as Record<string, unknown>)) {
    const asked = (request as { method?: unknown; params?: unknown } | null) ?? {};
    const params = (asked.params as Record<string, unknown> | undefined) ?? {};
    const answer = typeof asked.method === 'string' ? answerers[asked.method] : undefined;
    if (!answer) {
      const error = `${method}: the server asks for ${JSON.stringify(asked.method)} ("${key}") before it can answer, and the client has no answer for it`;
      onRound({ key, method: String(asked.method), params, error });
      throw new UnansweredInputError(error);
    }
    try {
      responses[key] = await answer(params);
    } catch (err) {
      onRound({ key, method: String(asked.method), params, error: err instanceof Error ? err.message : String(err) });
      throw err;
    }
    onRound({ key, method: String(asked.method), params, result: responses[key] as Record<string, unknown> });
  }
  return responses;
}
