/**
 * The editor's models: a `vscode.lm` chat model behind core's one-step EvalModel, so any model
 * VS Code has (Copilot's, or one an extension provides) runs evals with no key. The first
 * request of an extension may ask the person for consent, so a run starts only from their
 * gesture (a Test Explorer run). The API reports no usage: tokens are the model's own count.
 */
import * as vscode from 'vscode';
import type { EvalModel, LoopMessage, ModelStep, ModelToolCall, OfferedTool } from '../../core/eval/model';
import { isRecord } from '../../core/schema/isRecord';

/** A failed request is tried this many more times, waiting 1 s, 2 s, 4 s (rate limits, a busy provider). */
const RETRIES = 3;

/** `onFinal`: consent refused, the model gone or blocked; the next request would fail the same way. */
export function lmEvalModel(chat: vscode.LanguageModelChat, justification: string, onFinal: (error: Error) => void): EvalModel {
  return {
    id: `${chat.vendor}:${chat.id}`,
    step: async (messages, tools, signal) => {
      try {
        return await withRetries(() => step(chat, messages, tools, justification, signal), signal);
      } catch (error) {
        if (error instanceof vscode.LanguageModelError && final(error)) onFinal(error);
        throw error;
      }
    },
  };
}

async function step(
  chat: vscode.LanguageModelChat,
  messages: readonly LoopMessage[],
  tools: readonly OfferedTool[],
  justification: string,
  signal?: AbortSignal,
): Promise<ModelStep> {
  if (signal?.aborted) throw new vscode.CancellationError();
  const source = new vscode.CancellationTokenSource();
  const cancel = () => source.cancel();
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    const request = lmMessages(messages);
    const options: vscode.LanguageModelChatRequestOptions = {
      justification,
      // As tools/list gave them: the name, description and inputSchema are what the eval tests.
      tools: tools.map((t) => ({ name: t.name, description: t.description ?? '', inputSchema: t.inputSchema })),
      toolMode: vscode.LanguageModelChatToolMode.Auto,
    };
    const response = await chat.sendRequest(request, options, source.token);
    let text = '';
    const toolCalls: ModelToolCall[] = [];
    for await (const part of response.stream) {
      if (part instanceof vscode.LanguageModelTextPart) text += part.value;
      else if (part instanceof vscode.LanguageModelToolCallPart) toolCalls.push({ id: part.callId, name: part.name, args: part.input });
    }
    const counts = await Promise.all(request.map((m) => chat.countTokens(m, source.token)));
    const answered = [text, ...toolCalls.map((c) => `${c.name}${JSON.stringify(c.args)}`)].filter((s) => s !== '').join('\n');
    return {
      text,
      toolCalls,
      usage: {
        inputTokens: counts.reduce((n, c) => n + c, 0),
        outputTokens: answered ? await chat.countTokens(answered, source.token) : 0,
      },
    };
  } finally {
    signal?.removeEventListener('abort', cancel);
    source.dispose();
  }
}

/** The loop's conversation in vscode.lm's two roles: system text goes first as the user's (the API has no system role). */
export function lmMessages(messages: readonly LoopMessage[]): vscode.LanguageModelChatMessage[] {
  return messages.map((m) => {
    switch (m.role) {
      case 'system':
      case 'user':
        return vscode.LanguageModelChatMessage.User(m.text);
      case 'assistant':
        return vscode.LanguageModelChatMessage.Assistant([
          ...(m.text ? [new vscode.LanguageModelTextPart(m.text)] : []),
          // The API takes an object; a model's non-object arguments were already answered as refused.
          ...m.toolCalls.map((c) => new vscode.LanguageModelToolCallPart(c.id, c.name, isRecord(c.args) ? c.args : {})),
        ]);
      case 'tool':
        return vscode.LanguageModelChatMessage.User(
          m.results.map((r) => new vscode.LanguageModelToolResultPart(r.id, [new vscode.LanguageModelTextPart(r.text)])),
        );
    }
  });
}

/** Consent refused, a model gone or blocked, or a cancel: retrying cannot help. */
function final(error: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted || error instanceof vscode.CancellationError) return true;
  if (error instanceof vscode.LanguageModelError) return ['NoPermissions', 'NotFound', 'Blocked'].includes(error.code);
  return false;
}

async function withRetries<T>(attempt: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (n >= RETRIES || final(error, signal)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** n));
    }
  }
}
