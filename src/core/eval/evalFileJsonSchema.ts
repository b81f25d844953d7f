/**
 * The JSON Schema the editor validates *.mcpeval.json with (package.json jsonValidation),
 * made from the zod schema the runner trusts, so the two cannot drift apart
 * (scripts/evalSchema.ts writes schemas/mcpeval.schema.json; a test checks it is current).
 */
import * as z from 'zod';
import { evalFileSchema } from './evalFile';

export function evalFileJsonSchema(): Record<string, unknown> {
  const generated = z.toJSONSchema(evalFileSchema, { io: 'input', target: 'draft-07' });
  return {
    ...generated,
    $id: 'https://mcp-lens.dev/schemas/mcpeval.schema.json',
    title: 'MCP Lens eval file',
    description:
      "Cases a model must get right with an MCP server's tools: the prompt, the tool it should choose and with which arguments, what the answer must say. Run with `mcp-lens eval --model PROVIDER:MODEL`.",
  };
}
