import { UnansweredInputError } from './errors';

/** What the client can answer inside an InputRequiredResult, by method. */
export type InputAnswerers = Partial<Record<string, (params: Record<string, unknown>) => Promise<Record<string, unknown>>>>;

/**
 * 2026-07-28 multi-round-trip: answers every entry of `inputRequests` ("Keys correspond to the
 * keys in the InputRequests map; values are the client's result for each request").
 */
export async function answerInputRequests(method: string, inputRequests: unknown, answerers: InputAnswerers): Promise<Record<string, unknown>> {
  const responses: Record<string, unknown> = {};
  if (!inputRequests || typeof inputRequests !== 'object') return responses;
  for (const [key, request] of Object.entries(inputRequests as Record<string, unknown>)) {
    const asked = (request as { method?: unknown; params?: unknown } | null) ?? {};
    const answer = typeof asked.method === 'string' ? answerers[asked.method] : undefined;
    if (!answer) {
      throw new UnansweredInputError(`${method}: the server asks for ${JSON.stringify(asked.method)} ("${key}") before it can answer, and the client has no answer for it`);
    }
    responses[key] = await answer((asked.params as Record<string, unknown> | undefined) ?? {});
  }
  return responses;
}
