import type { Terminal } from '../terminal';

function blockText(block: unknown): string {
  const b = (block ?? {}) as Record<string, unknown>;
  if (b.type === 'text') return JSON.stringify(String(b.text ?? ''));
  if (b.type === 'tool_use') return `[tool_use ${JSON.stringify(b.name)} ${JSON.stringify(b.input ?? {})}]`;
  if (b.type === 'tool_result') return `[tool_result for ${JSON.stringify(b.toolUseId)}]`;
  return `[${String(b.type)}${typeof b.mimeType === 'string' ? ` ${b.mimeType}` : ''}]`;
}

/** What a sampling request shows whoever answers as the model: system prompt, messages, preferences, tools. */
export function samplingLines(params: Record<string, unknown>): string[] {
  const lines: string[] = ['The server asks the model (sampling/createMessage):'];
  if (typeof params.systemPrompt === 'string') lines.push(`  system: ${JSON.stringify(params.systemPrompt)}`);
  for (const m of Array.isArray(params.messages) ? params.messages : []) {
    const message = (m ?? {}) as { role?: unknown; content?: unknown };
    const blocks = Array.isArray(message.content) ? message.content : [message.content];
    lines.push(`  ${String(message.role)}: ${blocks.map(blockText).join(' ')}`);
  }
  if (params.modelPreferences !== undefined) lines.push(`  model preferences: ${JSON.stringify(params.modelPreferences)}`);
  if (typeof params.maxTokens === 'number') lines.push(`  max tokens: ${params.maxTokens}`);
  if (Array.isArray(params.tools))
    lines.push(`  tools: ${params.tools.map((t) => String((t as { name?: unknown } | null)?.name)).join(', ')}`);
  return lines;
}

/** The reply typed as the model, or undefined when the user leaves it empty (a refusal). */
export async function replyOnTerminal(
  params: Record<string, unknown>,
  terminal: Terminal,
  say: (line: string) => void,
): Promise<string | undefined> {
  for (const line of samplingLines(params)) say(line);
  const reply = await terminal.ask('  Reply as the model (empty to refuse): ');
  return reply.trim() === '' ? undefined : reply;
}
