/**
 * The tools a host would offer a model from a tools/list answer. MCP Apps (SEP-1865):
 * `_meta.ui.visibility` lists who may call a tool, ["model", "app"] when absent; a tool
 * whose visibility leaves out "model" is for the app's own frame and is not offered.
 */
import { isRecord } from '../schema/isRecord';
import type { OfferedTool } from './model';

export function offeredTools(listed: readonly Record<string, unknown>[]): OfferedTool[] {
  return listed
    .filter((tool) => typeof tool.name === 'string' && modelMayCall(tool))
    .map((tool) => ({
      name: tool.name as string,
      ...(typeof tool.description === 'string' ? { description: tool.description } : {}),
      inputSchema: isRecord(tool.inputSchema) ? tool.inputSchema : { type: 'object' },
      ...(isRecord(tool.annotations) ? { annotations: tool.annotations } : {}),
    }));
}

function modelMayCall(tool: Record<string, unknown>): boolean {
  const ui = isRecord(tool._meta) && isRecord(tool._meta.ui) ? tool._meta.ui : undefined;
  if (!ui || !Array.isArray(ui.visibility)) return true;
  return ui.visibility.includes('model');
}
