import { buildFormModel } from '../../core/schema/formModel';
import type { Ask, SamplingView } from './askProtocol';

/** The Ask a webview shows for an elicitation/create's params (already checked by the core client). */
export function elicitationAsk(id: number, server: string, params: Record<string, unknown>): Ask {
  const message = typeof params.message === 'string' ? params.message : '';
  if (params.mode === 'url') {
    const url = String(params.url);
    return { kind: 'url', id, server, message, url, domain: new URL(url).host };
  }
  return { kind: 'form', id, server, message, model: buildFormModel(params.requestedSchema ?? { type: 'object' }) };
}

/** The Ask for a sampling/createMessage's params (messages already checked by the core client). */
export function samplingAsk(id: number, server: string, params: Record<string, unknown>, modelName: string | undefined): Ask {
  return { kind: 'sample', id, server, request: samplingView(params), ...(modelName ? { modelName } : {}) };
}

export function samplingView(params: Record<string, unknown>): SamplingView {
  const messages = (params.messages as { role: string; content: unknown }[]).map((m) => ({
    role: m.role,
    blocks: (Array.isArray(m.content) ? m.content : [m.content]).map(blockText),
  }));
  const tools = Array.isArray(params.tools)
    ? (params.tools as Record<string, unknown>[]).map((t) => ({
        name: String(t.name),
        ...(typeof t.description === 'string' ? { description: t.description } : {}),
      }))
    : [];
  return {
    ...(typeof params.systemPrompt === 'string' ? { systemPrompt: params.systemPrompt } : {}),
    messages,
    ...(params.modelPreferences !== undefined ? { preferences: JSON.stringify(params.modelPreferences) } : {}),
    tools,
    ...(typeof params.maxTokens === 'number' ? { maxTokens: params.maxTokens } : {}),
  };
}

function blockText(block: unknown): string {
  const b = block as { type: string; text?: unknown; mimeType?: unknown };
  if (b.type === 'text') return String(b.text ?? '');
  if (b.type === 'image' || b.type === 'audio') return `[${b.type}${typeof b.mimeType === 'string' ? ` ${b.mimeType}` : ''}]`;
  // tool_use / tool_result: shown whole, as the model would read them.
  return `[${b.type}] ${JSON.stringify(block)}`;
}
