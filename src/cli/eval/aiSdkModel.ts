/**
 * The CLI's models: the Vercel AI SDK and its providers, behind core's one-step EvalModel.
 * This file is its own bundle (dist/eval-models.js, esbuild.config.mjs): only `eval` loads
 * it, so the SDK's weight starts no other command. Keys come from the environment and go to
 * the provider only; nothing here writes them anywhere.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, jsonSchema, tool, type LanguageModel, type ModelMessage, type ToolSet } from 'ai';
import type { EvalModel, LoopMessage, ModelStep, OfferedTool } from '../../core/eval/model';
import { BASE_URL_VARIABLE, KEY_VARIABLES, type ModelRef } from './providers';

export interface ModelSettings extends ModelRef {
  baseUrl?: string;
  env: NodeJS.ProcessEnv;
  /** Provider errors, rate limits and timeouts are retried this often, with the SDK's exponential backoff. */
  maxRetries: number;
}

/** A model, or one sentence saying how to get one. */
export function createEvalModel(settings: ModelSettings): EvalModel | string {
  const language = languageModel(settings);
  if (typeof language === 'string') return language;
  return {
    id: `${settings.provider}:${settings.model}`,
    step: (messages, tools, signal) => step(language, messages, tools, settings.maxRetries, signal),
  };
}

function languageModel(s: ModelSettings): LanguageModel | string {
  const key = s.env[KEY_VARIABLES[s.provider]];
  if (s.provider === 'openai-compatible') {
    if (!s.baseUrl)
      return `openai-compatible needs the endpoint: --base-url URL or ${BASE_URL_VARIABLE} (Ollama: http://localhost:11434/v1, LM Studio: http://localhost:1234/v1)`;
    return createOpenAICompatible({ name: 'openai-compatible', baseURL: s.baseUrl, ...(key ? { apiKey: key } : {}) }).chatModel(s.model);
  }
  if (!key)
    return `${s.provider} needs an API key in the environment variable ${KEY_VARIABLES[s.provider]} (or use openai-compatible with a local model: --model openai-compatible:llama3.2 --base-url http://localhost:11434/v1)`;
  const baseURL = s.baseUrl ? { baseURL: s.baseUrl } : {};
  if (s.provider === 'openai') return createOpenAI({ apiKey: key, ...baseURL })(s.model);
  if (s.provider === 'anthropic') return createAnthropic({ apiKey: key, ...baseURL })(s.model);
  return createGoogleGenerativeAI({ apiKey: key, ...baseURL })(s.model);
}

async function step(
  model: LanguageModel,
  messages: readonly LoopMessage[],
  offered: readonly OfferedTool[],
  maxRetries: number,
  signal?: AbortSignal,
): Promise<ModelStep> {
  // No `execute`: the SDK stops after one step and hands the calls back; the loop runs them on the server.
  const tools: ToolSet = Object.fromEntries(
    offered.map((t) => [
      t.name,
      tool({ ...(t.description !== undefined ? { description: t.description } : {}), inputSchema: jsonSchema(t.inputSchema) }),
    ]),
  );
  // v7 takes system text as `instructions`; system messages inside `messages` are refused by default.
  const instructions = messages.flatMap((m) => (m.role === 'system' ? [m.text] : [])).join('\n\n');
  const rest = messages.filter((m) => m.role !== 'system');
  const result = await generateText({
    model,
    ...(instructions ? { instructions } : {}),
    messages: modelMessages(rest),
    tools,
    maxRetries,
    ...(signal ? { abortSignal: signal } : {}),
  });
  return {
    text: result.text,
    toolCalls: result.toolCalls.map((call) => ({ id: call.toolCallId, name: call.toolName, args: call.input })),
    usage: { inputTokens: result.usage.inputTokens ?? 0, outputTokens: result.usage.outputTokens ?? 0 },
  };
}

function modelMessages(messages: readonly LoopMessage[]): ModelMessage[] {
  return messages.map((m): ModelMessage => {
    switch (m.role) {
      case 'system':
      case 'user':
        return { role: 'user', content: m.text };
      case 'assistant':
        return {
          role: 'assistant',
          content: [
            ...(m.text ? [{ type: 'text' as const, text: m.text }] : []),
            ...m.toolCalls.map((c) => ({ type: 'tool-call' as const, toolCallId: c.id, toolName: c.name, input: c.args })),
          ],
        };
      case 'tool':
        return {
          role: 'tool',
          content: m.results.map((r) => ({
            type: 'tool-result' as const,
            toolCallId: r.id,
            toolName: r.name,
            output: { type: 'text' as const, value: r.text },
          })),
        };
    }
  });
}
