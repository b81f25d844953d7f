/** How the user answers one elicitation/create (form mode): its action, and for accept the fields given. */
export type ElicitAnswer = { action: 'accept'; content?: Record<string, unknown> } | { action: 'decline' } | { action: 'cancel' };

/** Answers the server's elicitation/create params with an ElicitResult. */
export type Elicit = (params: Record<string, unknown>) => Promise<Record<string, unknown>>;

/**
 * SEP-1034: a form field the user leaves out takes the `default` its requestedSchema property
 * declares, so accepting without content submits the form's defaults.
 */
export function withDefaults(requestedSchema: unknown, content: Record<string, unknown> = {}): Record<string, unknown> {
  const properties = (requestedSchema as { properties?: unknown } | undefined)?.properties;
  const out: Record<string, unknown> = {};
  if (properties && typeof properties === 'object') {
    for (const [name, schema] of Object.entries(properties as Record<string, unknown>)) {
      const fallback = (schema as { default?: unknown } | null)?.default;
      if (fallback !== undefined) out[name] = fallback;
    }
  }
  return { ...out, ...content };
}

/** The ElicitResult for an answer: accept carries the content with the form's defaults applied. */
export function elicitResult(answer: ElicitAnswer, params: Record<string, unknown>): Record<string, unknown> {
  if (answer.action !== 'accept') return { action: answer.action };
  return { action: 'accept', content: withDefaults(params.requestedSchema, answer.content) };
}
