import * as vscode from 'vscode';
import { askModal, name, say } from '../shown';

const SEND = 'Send to the model';

/** The first chat model VS Code offers (vscode.lm), or undefined when none is available. */
export async function availableModel(): Promise<vscode.LanguageModelChat | undefined> {
  try {
    const [model] = await vscode.lm.selectChatModels();
    return model;
  } catch {
    // No access to language models (not granted, or none installed): as if none were there;
    // the ask is then answered by hand.
    return undefined;
  }
}

/**
 * Answers a sampling request with a VS Code language model, after a modal asking the user:
 * the spec says the user SHOULD approve a sampling request before it is sent to a model.
 * Returns the CreateMessageResult, or undefined when the user declined or no model is there.
 */
export async function answerWithModel(
  server: string,
  params: Record<string, unknown>,
  token?: vscode.CancellationToken,
): Promise<Record<string, unknown> | undefined> {
  const model = await availableModel();
  if (!model) return undefined;
  const consent = await askModal(
    say`Send "${name(server)}"'s sampling request to ${name(model.name)}?`,
    say`Its system prompt and messages go to the model; its reply goes back to the server.`,
    SEND,
  );
  if (consent !== SEND) return undefined;
  const messages: vscode.LanguageModelChatMessage[] = [];
  if (typeof params.systemPrompt === 'string') messages.push(vscode.LanguageModelChatMessage.User(params.systemPrompt));
  for (const m of params.messages as { role: string; content: unknown }[]) {
    const text = (Array.isArray(m.content) ? m.content : [m.content])
      .map((b) => ((b as { type?: string }).type === 'text' ? String((b as { text?: unknown }).text) : JSON.stringify(b)))
      .join('\n');
    messages.push(m.role === 'assistant' ? vscode.LanguageModelChatMessage.Assistant(text) : vscode.LanguageModelChatMessage.User(text));
  }
  const response = await model.sendRequest(messages, {}, token);
  let text = '';
  for await (const part of response.text) text += part;
  return { role: 'assistant', content: { type: 'text', text }, model: model.id, stopReason: 'endTurn' };
}
