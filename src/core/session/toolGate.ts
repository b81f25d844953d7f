import { checkParamHeaders } from '../transport/httpHeaders';
import { RejectedToolError } from './errors';

/**
 * Streamable HTTP 2026-07-28, custom headers from tool parameters: a tool whose `x-mcp-header`
 * annotations break the rules is an invalid definition that clients must reject (SEP-2243): it is
 * left out of the tools the client offers, the valid tools of the same list are kept, and a
 * call to it is refused before anything is sent (the diagnostics say why: invalid-tool-header).
 */
export class ToolGate {
  /** Rejected tool name → why. */
  private readonly rejected = new Map<string, string>();

  /** One tools/list page: remembers what it rejects, returns the page without those tools. */
  screen(result: Record<string, unknown>): Record<string, unknown> {
    if (!Array.isArray(result.tools)) return result;
    const kept: unknown[] = [];
    for (const tool of result.tools as { name?: unknown; inputSchema?: unknown }[]) {
      const name = typeof tool?.name === 'string' ? tool.name : undefined;
      const checked = checkParamHeaders(tool?.inputSchema);
      if (name !== undefined && !checked.ok) {
        this.rejected.set(name, checked.problem);
        continue;
      }
      if (name !== undefined) this.rejected.delete(name);
      kept.push(tool);
    }
    return kept.length === result.tools.length ? result : { ...result, tools: kept };
  }

  /** The error a call to a rejected tool fails with; undefined for any other tool. */
  refusal(name: string): RejectedToolError | undefined {
    const problem = this.rejected.get(name);
    if (problem === undefined) return undefined;
    return new RejectedToolError(
      `MCP Lens will not call "${name}": its definition is invalid (${problem}), and clients must reject such a tool`,
      name,
    );
  }
}
