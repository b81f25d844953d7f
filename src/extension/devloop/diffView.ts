/**
 * After a restart: what changed in the server's tools, resources and prompts. A change
 * gets a notification ("weather restarted after saving tools.json: 1 tool added, 1 schema
 * changed") whose "Show Diff" opens VS Code's diff editor on two read-only documents — the
 * lists before and after, as pretty JSON with sorted keys so equal things line up.
 */
import * as vscode from 'vscode';
import { diffLists, isEmptyDiff, listsDocument, summarizeDiff, type ListsDiff } from '../../core/devloop/listDiff';
import { classifyDiff, countBreaking, describeChange } from '../../core/testing/breaking';
import { describeRequest } from '../../core/diagnose/describe';
import type { TraceEvent } from '../../core/trace/event';
import { Disposable } from '../lifecycle';
import type { Log } from '../log';
import type { ListChangedEvent, RestartEvent, ServerRegistry } from '../serverRegistry';
import type { ServerEntry } from '../serverEntry';
import type { KindDiff, Lists } from '../../core/devloop/listDiff';
import { pickOne, say, showInfo, showStatus } from '../shown';
import { TOKEN_ENCODING } from '../../core/tokens/encoding';
import { describeTokenChange, describeTokenTotal, signed, tokenDiff, type TokenDiff } from '../../core/tokens/tokenDiff';
import { loadTokenizer } from '../toolTokens';

export const DIFF_SCHEME = 'mcp-lens-diff';
export const SHOW_DIFF = 'Show Diff';
export const RERUN_EVALS = 'Rerun Evals';

/** The eval cases a change to a server's tools touches (the evals module answers; the dev loop does not read eval files). */
export interface EvalsToRerun {
  /** Test Explorer ids, for running exactly these cases. */
  ids: string[];
  /** `evals/weather.mcpeval.json › right pick` */
  cases: string[];
  /** Runs the cases in the Test Explorer. */
  run(): Thenable<unknown>;
}
export type RerunAdvisor = (serverKey: string, tools: KindDiff) => EvalsToRerun | undefined;

/** What the last restart or list_changed of a server changed (integration tests read it via mcpLens.devloop.lastDiff). */
export interface RestartDiff {
  server: string;
  /** What the lists were compared across. */
  trigger: 'restart' | 'list_changed';
  reason: string | undefined;
  /** The notification's text. */
  message: string;
  summary: string;
  /** One line per change; a change that breaks callers says so and why. */
  changes: string[];
  /** How many of the changes break existing callers (the same rules as `mcp-lens diff`). */
  breaking: number;
  /** What the tool definitions cost a model before and after, per tool whose cost changed (absent: a side has no tools list). */
  tokens?: TokenDiff & { encoding: string };
  diff: ListsDiff;
  /** The eval cases to run again: they expect or forbid a tool whose offer to a model changed. */
  evals?: { ids: string[]; cases: string[] };
  /** The requests the restart cut off ("tools/call slow (id 4)"). */
  lost: string[];
  /** The separator the restart wrote into the trace. */
  separator: string | undefined;
  before: vscode.Uri;
  after: vscode.Uri;
}

export class ToolDiffs extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly documents = new Map<string, string>();
  private readonly last = new Map<string, RestartDiff>();
  private count = 0;
  private readonly changedEmitter = this.register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changedEmitter.event;
  private readonly diffed = this.register(new vscode.EventEmitter<RestartDiff>());
  /** A restart's diff is ready (also when nothing changed). */
  readonly onDidDiff = this.diffed.event;

  constructor(
    private readonly registry: ServerRegistry,
    private readonly log: Log,
    private readonly advisor?: RerunAdvisor,
  ) {
    super();
    this.register(vscode.workspace.registerTextDocumentContentProvider(DIFF_SCHEME, this));
    this.register(registry.onDidRestart((e) => this.restarted(e)));
    this.register(registry.onDidChangeList((e) => this.listChanged(e)));
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.documents.get(uri.toString()) ?? '// This diff is from an earlier window session and is no longer available.\n';
  }

  lastDiff(keyOrName: string): RestartDiff | undefined {
    const entry = this.registry.get(keyOrName);
    return entry ? this.last.get(entry.key) : undefined;
  }

  get servers(): string[] {
    return [...this.last.keys()];
  }

  private restarted(e: RestartEvent): void {
    // A failed start has its own error message; there is nothing to compare.
    if (!e.outcome.ok) return;
    void this.compare(e.entry, e.before, e.after, {
      what: 'restart',
      headline: `${e.entry.name} restarted${e.reason ? ` after ${e.reason}` : ''}`,
      reason: e.reason,
      lost: e.lost.map(describeRequest),
    });
  }

  /** After a list_changed that changed something, the same diff as after a restart. */
  private listChanged(e: ListChangedEvent): void {
    if (isEmptyDiff(diffLists(e.before, e.after))) return;
    void this.compare(e.entry, e.before, e.after, {
      what: 'list_changed',
      headline: `${e.entry.name} sent ${e.method}`,
      reason: undefined,
      lost: [],
    });
  }

  private async compare(
    entry: ServerEntry,
    beforeLists: Lists,
    afterLists: Lists,
    how: { what: 'restart' | 'list_changed'; headline: string; reason: string | undefined; lost: string[] },
  ): Promise<void> {
    const e = { entry, before: beforeLists, after: afterLists };
    const diff = diffLists(e.before, e.after);
    const classified = classifyDiff(diff);
    const breaking = countBreaking(classified);
    const tokens = await toolTokenDiff(e.before, e.after);
    const cost =
      tokens && tokens.before !== tokens.after
        ? `; ${tokens.before} → ${tokens.after} tokens (${signed(tokens.after - tokens.before)})`
        : '';
    const summary = `${summarizeDiff(diff)}${breaking ? ` — ${breaking} ${breaking === 1 ? 'change breaks' : 'changes break'} callers` : ''}${cost}`;
    const n = ++this.count;
    // One folder per restart: VS Code caches a virtual document by URI.
    const folder = `/${encodeURIComponent(e.entry.name)}/${how.what === 'restart' ? 'restart' : 'list-changed'}-${n}`;
    const before = vscode.Uri.from({ scheme: DIFF_SCHEME, path: `${folder}/before ${how.what}.json` });
    const after = vscode.Uri.from({ scheme: DIFF_SCHEME, path: `${folder}/after ${how.what}.json` });
    this.documents.set(before.toString(), listsDocument(e.before));
    this.documents.set(after.toString(), listsDocument(e.after));
    const rerun = this.advisor?.(e.entry.key, diff.tools);
    const message = `${how.headline}: ${summary}${rerun ? `; ${rerunSentence(rerun.cases)}` : ''}`;
    const separator = how.what === 'restart' ? lastSeparator(e.entry.session?.trace.events ?? []) : undefined;
    const lost = how.lost;
    const tokenLines =
      tokens && tokens.changes.length > 0 ? [describeTokenTotal(tokens, TOKEN_ENCODING), ...tokens.changes.map(describeTokenChange)] : [];
    const changes = [...classified.map(describeChange), ...tokenLines];
    const evals = rerun ? { evals: { ids: rerun.ids, cases: rerun.cases } } : {};
    const result: RestartDiff = {
      server: e.entry.name,
      trigger: how.what,
      reason: how.reason,
      message,
      summary,
      changes,
      breaking,
      diff,
      ...(tokens ? { tokens } : {}),
      ...evals,
      lost,
      separator,
      before,
      after,
    };
    this.last.set(e.entry.key, result);
    const logged = [...result.changes, ...(rerun ? rerun.cases.map((c) => `eval to rerun: ${c}`) : [])];
    this.log.info(`[${e.entry.name}] ${message}${logged.length ? `\n${logged.map((c) => `    ${c}`).join('\n')}` : ''}`);
    this.diffed.fire(result);

    if (isEmptyDiff(diff)) {
      showStatus(say`$(debug-restart) MCP Lens: ${message}`, 5000);
      return;
    }
    void showInfo(say`MCP Lens: ${message}`, SHOW_DIFF, ...(rerun ? [RERUN_EVALS] : [])).then((choice) => {
      // This restart's diff, even if another restart came since.
      if (choice === SHOW_DIFF) void this.open(result);
      if (choice === RERUN_EVALS) void rerun?.run();
    });
  }

  /** Opens the diff of the server's last restart (the one asked for, or the only/most recent one). */
  async show(keyOrName?: string): Promise<RestartDiff | undefined> {
    const key = keyOrName ?? (await this.pick());
    if (key === undefined) return undefined;
    const found = this.lastDiff(key);
    if (!found) {
      void showInfo(say`MCP Lens: "${key}" has not been restarted in this window, so there is no list diff to show.`);
      return undefined;
    }
    await this.open(found);
    return found;
  }

  private async open(d: RestartDiff): Promise<void> {
    await vscode.commands.executeCommand(
      'vscode.diff',
      d.before,
      d.after,
      `${d.server}: lists before ↔ after ${d.trigger} (${d.summary})`,
      { preview: true },
    );
  }

  private async pick(): Promise<string | undefined> {
    const keys = this.servers;
    if (keys.length === 0) {
      void showInfo(say`MCP Lens: no server has been restarted in this window yet, so there is no list diff to show.`);
      return undefined;
    }
    if (keys.length === 1) return keys[0];
    return pickOne(
      keys.map((key) => ({ label: say`${this.last.get(key)!.server}`, description: say`${this.last.get(key)!.summary}`, value: key })),
      { placeHolder: say`Show the list diff of which server’s last restart?` },
    );
  }
}

/** `3 eval cases to rerun: a › x, a › y, b › z` (the first three named, the count of the rest). */
function rerunSentence(cases: readonly string[]): string {
  const shown = cases.slice(0, 3).join(', ');
  const more = cases.length > 3 ? ` and ${cases.length - 3} more` : '';
  return `${cases.length} eval case${cases.length === 1 ? '' : 's'} to rerun: ${shown}${more}`;
}

/** The newest restart separator in a trace (searched from the end: traces grow long). */
function lastSeparator(events: readonly TraceEvent[]): string | undefined {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.kind === 'note' && e.info?.restart === true) return e.raw;
  }
  return undefined;
}

/** The token cost of both tool lists (loading the tokenizer on the first diff), when both sides have one. */
async function toolTokenDiff(before: Lists, after: Lists): Promise<(TokenDiff & { encoding: string }) | undefined> {
  if (!before.tools || !after.tools) return undefined;
  const { toolTokens } = await loadTokenizer();
  return { ...tokenDiff(before.tools, after.tools, toolTokens), encoding: TOKEN_ENCODING };
}
