/** A tool defined in server source, found by `findToolDefinitions` (findTools.ts). */

export type SourceLanguage = 'ts' | 'js' | 'py';

export type ToolDefinitionKind =
  | 'registerTool' //    server.registerTool("name", …)
  | 'tool' //            server.tool("name", …)
  | 'addTool' //         FastMCP-TS: server.addTool({ name: "name", … })
  | 'toolObject' //      { name: "name", inputSchema: … } (a tools/list handler, a tools array)
  | 'decorator' //       Python: @mcp.tool() / @server.tool(name="…") over def / async def
  | 'toolConstructor'; // Python: Tool(name="…", …)

export interface ToolDefinition {
  /** The tool's name as the server will list it. */
  name: string;
  /** Zero-based line and column where the definition starts (the receiver, the `{`, the `@`). */
  line: number;
  column: number;
  /** Zero-based last line of the definition (the closing bracket, or a decorated function's body). */
  endLine: number;
  kind: ToolDefinitionKind;
}
