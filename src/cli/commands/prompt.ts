import type { PromptArgs } from './promptArgs';
import type { Output } from '../output';
import { resultLines } from '../resultLines';
import type { Style } from '../style';
import { requestFlags, runOneRequest } from './oneRequest';

/** `mcp-lens prompt NAME --args JSON`: one prompts/get, its messages on stdout. */
export function runPrompt(args: PromptArgs, io: Output): Promise<number> {
  return runOneRequest(
    {
      ...requestFlags(args),
      label: args.prompt,
      method: 'prompts/get',
      params: { name: args.prompt, arguments: args.promptArgs },
      lines: messageLines,
    },
    io,
  );
}

/** GetPromptResult.messages: each under its role, its content as a tool result's content reads. */
export function messageLines(result: Record<string, unknown>, style: Style): string[] {
  const messages = Array.isArray(result.messages) ? (result.messages as Record<string, unknown>[]) : [];
  const out: string[] = [];
  if (typeof result.description === 'string') out.push(style.dim(result.description));
  if (messages.length === 0) out.push(style.dim('(no messages)'));
  for (const m of messages) {
    out.push(style.bold(`${String(m?.role ?? '?')}:`));
    out.push(...resultLines({ content: m?.content === undefined ? [] : [m.content] }, style));
  }
  return out;
}
