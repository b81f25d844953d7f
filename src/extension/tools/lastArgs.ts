import type * as vscode from 'vscode';

const KEY = 'mcpLens.lastToolArguments';
/** Enough for every tool a person works on; the oldest are forgotten first. */
const LIMIT = 200;

/** The last arguments sent to each tool, per workspace (workspaceState), to prefill its form. */
export class LastArgsStore {
  constructor(private readonly memento: vscode.Memento) {}

  get(server: string, tool: string): Record<string, unknown> | undefined {
    return this.all()[entryKey(server, tool)];
  }

  async set(server: string, tool: string, args: Record<string, unknown>): Promise<void> {
    const all = this.all();
    const key = entryKey(server, tool);
    delete all[key];
    all[key] = args;
    const keys = Object.keys(all);
    for (const old of keys.slice(0, Math.max(0, keys.length - LIMIT))) delete all[old];
    await this.memento.update(KEY, all);
  }

  private all(): Record<string, Record<string, unknown>> {
    return { ...this.memento.get<Record<string, Record<string, unknown>>>(KEY, {}) };
  }
}

/** Servers are named as in their config: the name survives a config file being moved. */
function entryKey(server: string, tool: string): string {
  return `${server}\u0000${tool}`;
}
