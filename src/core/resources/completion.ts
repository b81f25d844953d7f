/**
 * `completion/complete` for prompt arguments and resource template variables. The server
 * must declare `completions`; the result's `values` are at most 100 ("MUST NOT exceed 100
 * items"), with an optional `total` and `hasMore`.
 */

/** What a completion is asked for. */
export type CompletionRef = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };

export interface CompletionAsk {
  ref: CompletionRef;
  /** The argument (or template variable) being typed, and what has been typed so far. */
  argument: { name: string; value: string };
  /** "Previously-resolved variables in a URI template or prompt": the other fields already filled in. */
  context?: Record<string, string>;
}

export interface Completion {
  values: string[];
  total?: number;
  hasMore?: boolean;
}

/** The limit the spec puts on one answer. */
export const MAX_COMPLETION_VALUES = 100;

export function completionParams(ask: CompletionAsk): Record<string, unknown> {
  const params: Record<string, unknown> = { ref: ask.ref, argument: ask.argument };
  const context = Object.fromEntries(Object.entries(ask.context ?? {}).filter(([k, v]) => k !== ask.argument.name && v !== ''));
  if (Object.keys(context).length > 0) params.context = { arguments: context };
  return params;
}

/** The server's answer, read defensively: only strings are kept, and never more than the spec allows. */
export function readCompletion(result: Record<string, unknown>): Completion {
  const c = result.completion;
  const body = typeof c === 'object' && c !== null ? (c as Record<string, unknown>) : {};
  const values = Array.isArray(body.values)
    ? body.values.filter((v): v is string => typeof v === 'string').slice(0, MAX_COMPLETION_VALUES)
    : [];
  const out: Completion = { values };
  if (typeof body.total === 'number') out.total = body.total;
  if (typeof body.hasMore === 'boolean') out.hasMore = body.hasMore;
  return out;
}

/** Whether to ask at all: the spec has servers that support completions declare the capability. */
export function offersCompletions(capabilities: Record<string, unknown> | undefined): boolean {
  return capabilities !== undefined && 'completions' in capabilities;
}

/** Sends one completion/complete with the client's request function (injected, so tests and both eras share it). */
export async function complete(
  request: (method: string, params: Record<string, unknown>) => Promise<Record<string, unknown>>,
  ask: CompletionAsk,
): Promise<Completion> {
  return readCompletion(await request('completion/complete', completionParams(ask)));
}
