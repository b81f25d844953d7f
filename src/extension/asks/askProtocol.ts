/**
 * What the host shows of a server's ask (elicitation/create, sampling/createMessage) in a
 * webview, and what the webview answers. Types only: the webview bundles import this file.
 */
import type { FieldError, FormModel } from '../../core/schema/formTypes';

/** A sampling request as the developer answering it reads it. */
export interface SamplingView {
  systemPrompt?: string;
  /** Each message's content blocks, as text (a non-text block is described, tool_use shown as JSON). */
  messages: { role: string; blocks: string[] }[];
  /** modelPreferences as JSON, when given. */
  preferences?: string;
  tools: { name: string; description?: string }[];
  maxTokens?: number;
}

export type Ask =
  | { kind: 'form'; id: number; server: string; message: string; model: FormModel }
  | { kind: 'url'; id: number; server: string; message: string; url: string; domain: string }
  /** `modelName`: a VS Code language model that could answer (after the user's consent). */
  | { kind: 'sample'; id: number; server: string; request: SamplingView; modelName?: string };

export type AskAction = 'accept' | 'decline' | 'cancel';

export type AskReply =
  /** Form: accept with content; URL: accept = "I went there"; sampling: decline / cancel only. */
  | { type: 'askAnswer'; id: number; action: AskAction; content?: Record<string, unknown> }
  | { type: 'askOpenUrl'; id: number }
  /** Sampling answered by hand: the text the developer typed as the model's reply. */
  | { type: 'askReply'; id: number; text: string }
  | { type: 'askUseModel'; id: number };

export type AskHostMessage =
  | { type: 'ask'; ask: Ask }
  | { type: 'askErrors'; id: number; errors: FieldError[] }
  /** The ask is over: answered (`how` says with what), withdrawn, or failed. */
  | { type: 'askDone'; id: number; how: string };

export function isAskReply(message: { type: string }): message is AskReply {
  return message.type === 'askAnswer' || message.type === 'askOpenUrl' || message.type === 'askReply' || message.type === 'askUseModel';
}
