/**
 * What the agent loop needs of a model: one step. The loop owns the conversation; a model
 * adapter (the AI SDK's providers in the CLI, vscode.lm in the editor) turns it into its
 * provider's request and the answer back into text and tool calls. Core imports no SDK.
 */

/** A tool as a host offers it to a model: what tools/list said, nothing added. */
export interface OfferedTool {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

export interface ModelToolCall {
  id: string;
  name: string;
  /** What the model sent: an object, or the raw text when it was not a JSON object. */
  args: unknown;
}

export interface ToolResultText {
  id: string;
  name: string;
  text: string;
  isError: boolean;
}

export type LoopMessage =
  | { role: 'system' | 'user'; text: string }
  | { role: 'assistant'; text: string; toolCalls: ModelToolCall[] }
  | { role: 'tool'; results: ToolResultText[] };

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface ModelStep {
  text: string;
  toolCalls: ModelToolCall[];
  usage: TokenUsage;
}

export interface EvalModel {
  /** `provider:model`, as the user named it. */
  id: string;
  step(messages: readonly LoopMessage[], tools: readonly OfferedTool[], signal?: AbortSignal): Promise<ModelStep>;
}
