/** Answers a sampling/createMessage request's params with a CreateMessageResult. */
export type Sample = (params: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** The content block types a SamplingMessage may carry (2025-11-25 and 2026-07-28). */
const SAMPLING_CONTENT_TYPES = new Set(['text', 'image', 'audio', 'tool_use', 'tool_result']);

/**
 * Why a sampling request cannot be shown to whoever answers as the model, or undefined when it
 * can: `messages` is required, and each message is `{role: "user"|"assistant", content}` whose
 * content (a block or an array of blocks) has a known type.
 */
export function samplingRequestFault(params: Record<string, unknown>): string | undefined {
  const messages = params.messages;
  if (!Array.isArray(messages)) return 'sampling/createMessage has no "messages" array';
  for (const [i, m] of messages.entries()) {
    const message = (m ?? {}) as { role?: unknown; content?: unknown };
    if (message.role !== 'user' && message.role !== 'assistant')
      return `messages[${i}].role is ${JSON.stringify(message.role)}, not "user" or "assistant"`;
    const blocks = Array.isArray(message.content) ? message.content : [message.content];
    for (const block of blocks) {
      const type = (block as { type?: unknown } | null)?.type;
      if (typeof type !== 'string' || !SAMPLING_CONTENT_TYPES.has(type)) {
        return `messages[${i}] has content of unknown type ${JSON.stringify(type)} (known: ${[...SAMPLING_CONTENT_TYPES].join(', ')})`;
      }
    }
  }
  return undefined;
}

/** The CreateMessageResult for a reply typed by someone answering as the model. */
export function typedReply(text: string, model = 'mcp-lens (answered by hand)'): Record<string, unknown> {
  return { role: 'assistant', content: { type: 'text', text }, model, stopReason: 'endTurn' };
}
