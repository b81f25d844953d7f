import * as vscode from 'vscode';
import { displayName } from '../core/config/locations';
import type { ConfigProblem } from '../core/config/types';
import { annotationFacts, annotationTags, displayTitle, iconFacts } from '../core/names/itemMetadata';
import { parameterRows } from '../core/schema/parameterRows';
import { rowText, type RowText } from './serverRow';
import { describeServer } from './serversDescribe';
import { Disposable } from './lifecycle';
import { stableIds } from './treeIds';
import { itemName, LIST_KINDS, type ListKind, type ServerEntry } from './serverEntry';
import type { ServerRegistry } from './serverRegistry';
import { describe, name, SafeMarkdown, say, setTooltip, treeItem } from './shown';
import { isTrusted } from './trust';
import { isAppUri } from './apps/appPreviewCommand';
import type { ProbeOutcome } from '../core/probe/probe';
import { probeItem, probesItem } from './probeRows';
import type { Skill } from '../core/skills/schema';
import { skillItem, skillsGroupItem, skillTooltip } from './skills/skillRows';
import { loadTokenizer, onDidLoadTokenizer, tokensNow, TOKENS_BY, totalNow } from './toolTokens';

export type ServerNode = { type: 'server'; id: string; key: string };
type GroupNode = { type: 'group'; id: string; key: string; kind: ListKind };
type ItemNode = { type: 'item'; id: string; key: string; kind: ListKind; item: Record<string, unknown> };
type ProblemNode = { type: 'problem'; id: string; problem: ConfigProblem };
type ProbesNode = { type: 'probes'; id: string; key: string };
type ProbeNode = { type: 'probe'; id: string; key: string; outcome: ProbeOutcome };
type SkillsNode = { type: 'skills'; id: string; key: string };
type SkillNode = { type: 'skill'; id: string; key: string; skill: Skill };
export type TreeNode = ServerNode | GroupNode | ItemNode | ProblemNode | ProbesNode | ProbeNode | SkillsNode | SkillNode;

const GROUP_LABEL: Record<ListKind, string> = { tools: 'Tools', resources: 'Resources', prompts: 'Prompts' };
const GROUP_ICON: Record<ListKind, string> = { tools: 'tools', resources: 'files', prompts: 'comment-discussion' };
const ITEM_ICON: Record<ListKind, string> = { tools: 'symbol-method', resources: 'file', prompts: 'comment' };

/**
 * The Servers view. Nodes are cached by a stable id so that a state change refreshes only
 * its server row (`fire(node)`) and `getParent` can answer for `reveal`.
 */
export class ServersView extends Disposable implements vscode.TreeDataProvider<TreeNode> {
  private readonly nodes = new Map<string, TreeNode>();
  private readonly expanded = new Set<string>();
  /** A Tools row was drawn without its token total (the tokenizer was still loading). */
  private tokensMissed = false;
  private readonly changed = this.register(new vscode.EventEmitter<TreeNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: vscode.TreeView<TreeNode>;

  constructor(private readonly registry: ServerRegistry) {
    super();
    this.view = this.register(vscode.window.createTreeView('mcpLens.servers', { treeDataProvider: this, showCollapseAll: true }));
    this.register(
      registry.onDidChange((entry) => {
        if (!entry) {
          this.prune();
          return this.changed.fire(undefined);
        }
        const node = this.nodes.get(`server:${entry.key}`) as ServerNode | undefined;
        this.changed.fire(node);
        if (node) this.expandOnFirstList(entry, node);
      }),
    );
    this.register(vscode.workspace.onDidGrantWorkspaceTrust(() => this.changed.fire(undefined)));
    this.register(
      vscode.commands.registerCommand('mcpLens.servers.describe', (server: string, depth = 2) =>
        describeServer(this, this.registry.get(server)?.key ?? server, Number(depth)),
      ),
    );
    // The Tools rows show their token cost once the tokenizer has loaded (on the first count).
    // A Tools row drawn before the tokenizer loaded is drawn again with its total. Only then: a
    // refresh re-renders the tree, which closes the hover under the pointer.
    this.register(
      onDidLoadTokenizer(() => {
        if (this.tokensMissed) this.changed.fire(undefined);
        this.tokensMissed = false;
      }),
    );
  }

  /**
   * A row that had no children keeps looking collapsed when they arrive, whatever its
   * collapsibleState says; reveal expands it once per start, so the tools show at once.
   */
  private expandOnFirstList(entry: ServerEntry, node: ServerNode): void {
    const listed = LIST_KINDS.some((k) => entry.lists[k]);
    if (!listed) {
      this.expanded.delete(entry.key);
      return;
    }
    if (this.expanded.has(entry.key) || !this.view.visible) return;
    this.expanded.add(entry.key);
    void this.view.reveal(node, { expand: true, select: false, focus: false }).then(undefined, () => this.expanded.delete(entry.key));
  }

  /** After a reload: forget the nodes of problems and of servers that are gone. */
  private prune(): void {
    for (const [id, node] of this.nodes) {
      if (node.type === 'problem' || !this.registry.get(node.key)) this.nodes.delete(id);
    }
  }

  private node<T extends TreeNode>(node: T): T {
    const existing = this.nodes.get(node.id) as T | undefined;
    // Items, skills and probe outcomes carry what they show: a new listing or a new Start replaces them.
    if (existing && existing.type !== 'item' && existing.type !== 'probe' && existing.type !== 'skill') return existing;
    this.nodes.set(node.id, node);
    return node;
  }

  serverNode(entry: ServerEntry): ServerNode {
    return this.node({ type: 'server', id: `server:${entry.key}`, key: entry.key });
  }

  getChildren(element?: TreeNode): TreeNode[] {
    // Untrusted: nothing is listed and the welcome view explains why.
    if (!isTrusted()) return [];
    if (!element) {
      const problems = this.registry.problems;
      const problemIds = stableIds(
        'problem:',
        problems.map((p) => `${p.file}:${p.line}:${p.message}`),
      );
      const problemNodes = problems.map((problem, i) => this.node({ type: 'problem', id: problemIds[i], problem }));
      return [...this.registry.servers.map((s) => this.serverNode(s)), ...problemNodes];
    }
    const entry = 'key' in element ? this.registry.get(element.key) : undefined;
    if (!entry) return [];
    if (element.type === 'server') {
      const groups: TreeNode[] = LIST_KINDS.filter((kind) => entry.lists[kind]).map((kind) =>
        this.node({ type: 'group', id: `group:${entry.key}:${kind}`, key: entry.key, kind }),
      );
      if (entry.skills) groups.push(this.node({ type: 'skills', id: `skills:${entry.key}`, key: entry.key }));
      return entry.probes?.length ? [...groups, this.node({ type: 'probes', id: `probes:${entry.key}`, key: entry.key })] : groups;
    }
    if (element.type === 'skills') {
      const listed = entry.skills;
      // A skill is identified by its URI within a server (SEP-2640 "Skill URIs"): names may repeat.
      if (!listed || !('skills' in listed)) return [];
      const ids = stableIds(
        `skill:${entry.key}:`,
        listed.skills.map((skill) => skill.uri),
      );
      return listed.skills.map((skill, i) => this.node({ type: 'skill', id: ids[i], key: entry.key, skill }));
    }
    if (element.type === 'probes') {
      const outcomes = entry.probes ?? [];
      const ids = stableIds(
        `probe:${entry.key}:`,
        outcomes.map((outcome) => outcome.probe),
      );
      return outcomes.map((outcome, i) => this.node({ type: 'probe', id: ids[i], key: entry.key, outcome }));
    }
    if (element.type === 'group') {
      const list = entry.lists[element.kind];
      if (!list || 'error' in list) return [];
      // Keyed by name, not position; a name listed twice (a server bug) gets its occurrence number.
      const ids = stableIds(`item:${entry.key}:${element.kind}:`, list.items.map(itemName));
      return list.items.map((item, i) => this.node({ type: 'item', id: ids[i], key: entry.key, kind: element.kind, item }));
    }
    return [];
  }

  getParent(element: TreeNode): TreeNode | undefined {
    if (element.type === 'group') return this.nodes.get(`server:${element.key}`);
    if (element.type === 'item') return this.nodes.get(`group:${element.key}:${element.kind}`);
    if (element.type === 'probes' || element.type === 'skills') return this.nodes.get(`server:${element.key}`);
    if (element.type === 'skill') return this.nodes.get(`skills:${element.key}`);
    if (element.type === 'probe') return this.nodes.get(`probes:${element.key}`);
    return undefined;
  }

  getTreeItem(element: TreeNode): vscode.TreeItem {
    switch (element.type) {
      case 'server':
        return this.serverItem(element);
      case 'group':
        return this.groupItem(element);
      case 'item':
        return itemTreeItem(element);
      case 'problem':
        return problemItem(element);
      case 'probes':
        return withId(probesItem(this.registry.get(element.key)?.probes ?? []), element.id);
      case 'probe':
        return withId(probeItem(element.outcome), element.id);
      case 'skills':
        return withId(skillsGroupItem(this.registry.get(element.key)?.skills), element.id);
      case 'skill':
        return withId(skillItem(element.key, element.skill), element.id);
    }
  }

  private serverItem(node: ServerNode): vscode.TreeItem {
    const entry = this.registry.get(node.key);
    if (!entry) return treeItem(say`${node.key}`);
    const duplicate = this.registry.servers.some((s) => s !== entry && s.name === entry.name);
    const label = duplicate ? say`${entry.name} (${displayName(entry.config.file)})` : say`${entry.name}`;
    const hasChildren = LIST_KINDS.some((k) => entry.lists[k]) || Boolean(entry.skills) || Boolean(entry.probes?.length);
    const item = treeItem(label, hasChildren ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None);
    item.id = node.id;
    const { text, icon } = presentState(entry);
    describe(item, entry.configChanged ? say`${text.short} · config changed` : say`${text.short}`);
    item.iconPath = icon;
    // `.http`: a Streamable HTTP server, which can sign in and out (menus in package.json match it).
    item.contextValue = `mcpLensServer.${entry.state.kind}${entry.config.type === 'http' ? '.http' : ''}`;
    return item;
  }

  private hoverCountsTokens(element: TreeNode): boolean {
    if (element.type === 'item') return element.kind === 'tools';
    if (element.type !== 'server') return false;
    const tools = this.registry.get(element.key)?.lists.tools;
    return tools !== undefined && 'items' in tools && tools.items.length > 0;
  }

  /** Tooltips are built only when a row is hovered (the tokenizer loads then if it has not yet). */
  async resolveTreeItem(item: vscode.TreeItem, element: TreeNode): Promise<vscode.TreeItem> {
    // Only a hover that shows tokens waits for the tokenizer.
    if (this.hoverCountsTokens(element)) await loadTokenizer();
    if (element.type === 'server') {
      const entry = this.registry.get(element.key);
      if (entry) setTooltip(item, serverTooltip(entry, presentState(entry).text.full));
    } else if (element.type === 'item') {
      setTooltip(item, itemTooltip(element));
    } else if (element.type === 'skill') {
      setTooltip(item, skillTooltip(element.skill));
    }
    return item;
  }

  private groupItem(node: GroupNode): vscode.TreeItem {
    const list = this.registry.get(node.key)?.lists[node.kind];
    const count = list && 'items' in list ? list.items.length : 0;
    const item = treeItem(
      say`${GROUP_LABEL[node.kind]}`,
      count ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None,
    );
    item.id = node.id;
    item.iconPath = new vscode.ThemeIcon(GROUP_ICON[node.kind]);
    item.contextValue = `mcpLensGroup.${node.kind}`;
    if (list && 'error' in list) {
      describe(item, say`could not list: ${list.error}`);
      item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'));
    } else {
      const tokens = node.kind === 'tools' && list ? totalNow(list.items) : undefined;
      if (node.kind === 'tools' && list && tokens === undefined) this.tokensMissed = true;
      describe(item, tokens === undefined ? say`${count}` : say`${count} · ${tokens} tokens`);
    }
    return item;
  }
}

function withId(item: vscode.TreeItem, id: string): vscode.TreeItem {
  item.id = id;
  return item;
}

function presentState(entry: ServerEntry): { text: RowText; icon: vscode.ThemeIcon } {
  const info = entry.info;
  const text = rowText({
    state: entry.state,
    transport: entry.config.type,
    era: info && { era: info.era, protocolVersion: info.protocolVersion },
  });
  return { text, icon: stateIcon(entry) };
}

function stateIcon(entry: ServerEntry): vscode.ThemeIcon {
  const color = (id: string) => new vscode.ThemeColor(id);
  switch (entry.state.kind) {
    case 'stopped':
      return new vscode.ThemeIcon('circle-outline');
    case 'starting':
    case 'stopping':
      return new vscode.ThemeIcon('loading~spin');
    case 'running':
      return new vscode.ThemeIcon('pass-filled', color('testing.iconPassed'));
    case 'needs-sign-in':
      return new vscode.ThemeIcon('account', color('problemsWarningIcon.foreground'));
    case 'crashed':
    case 'error':
      return new vscode.ThemeIcon('error', color('testing.iconFailed'));
  }
}

function serverTooltip(entry: ServerEntry, description: string): vscode.MarkdownString {
  const md = new SafeMarkdown().line(say`${name(entry.name)} — ${description}`);
  if (entry.configChanged) md.line(say`The config changed since the start: restart to apply it.`);
  // A user-level file is named by its host; its path says which profile or home it is.
  const file = entry.config.file;
  md.line(say`${displayName(file)}${entry.config.line ? `, line ${entry.config.line}` : ''}${file.label ? ` (${file.path})` : ''}`);
  md.code(entry.commandLine());
  const info = entry.info;
  if (info?.serverInfo) md.line(say`Server: ${name(info.serverInfo.name)} ${info.serverInfo.version}`);
  const tools = entry.lists.tools;
  if (tools && 'items' in tools) {
    const tokens = totalNow(tools.items);
    if (tokens !== undefined)
      md.line(
        say`Tool definitions: ${tokens} tokens for ${tools.items.length} tools, ${TOKENS_BY} (an estimate: hosts add framing, other models tokenize differently)`,
      );
  }
  const declared = entry.client?.clientInfo;
  if (declared && declared.name !== 'mcp-lens')
    md.line(say`Connected as ${name(declared.name)} ${declared.version} (a client profile, mcpLens.clientProfiles)`);
  const state = entry.state;
  if (state.kind === 'needs-sign-in')
    md.line(say`The server asks for authorization by ${name(state.issuer)}: Sign In opens its page in your browser.`);
  if ((state.kind === 'crashed' || state.kind === 'error') && state.stderrTail.length) {
    md.line(say`Last stderr lines:`);
    md.code(state.stderrTail.slice(-8).join('\n'));
  }
  return md.build();
}

function itemTreeItem(node: ItemNode): vscode.TreeItem {
  // The display name over the name: "If not provided, the name should be used for display".
  const title = displayTitle(node.item);
  const item = treeItem(title === undefined ? say`${name(itemName(node.item))}` : say`${title}`);
  item.id = node.id;
  // A template (RFC 6570) opens a form of its variables, not a read. A server's own icons are never drawn (itemMetadata.ts).
  item.iconPath = new vscode.ThemeIcon(typeof node.item.uriTemplate === 'string' ? 'symbol-parameter' : ITEM_ICON[node.kind]);
  // A ui:// resource is an MCP App: its row also offers Open App Preview.
  item.contextValue = `mcpLensItem.${node.kind}${node.kind === 'resources' && isAppUri(node.item.uri) ? '.app' : ''}`;
  const text = typeof node.item.description === 'string' ? node.item.description : '';
  const uri = node.item.uri ?? node.item.uriTemplate;
  const summary = node.kind === 'resources' && typeof uri === 'string' ? uri : text.split('\n')[0];
  // Under a title the name follows it; then the annotations a glance needs (read-only, destructive, audience, priority).
  const parts = [
    ...(title === undefined ? [] : [say`${name(itemName(node.item))}`]),
    ...annotationTags(node.item).map((tag) => say`${tag}`),
    ...(summary ? [say`${summary}`] : []),
  ];
  describe(item, parts.length ? parts.reduce((all, part) => say`${all} · ${part}`) : say``);
  return item;
}

function itemTooltip(node: ItemNode): vscode.MarkdownString {
  const text = typeof node.item.description === 'string' ? node.item.description : '';
  const title = displayTitle(node.item);
  // The name first: a title is the server's free text and may imitate another item's name.
  const md = new SafeMarkdown()
    .line(title === undefined ? say`${name(itemName(node.item))}` : say`${name(itemName(node.item))} — titled ${title}`)
    .prose(text);
  const annotations = annotationFacts(node.item);
  if (annotations.length) md.line(say`Annotations (the server's hints): ${annotations.join(' · ')}`);
  for (const icon of iconFacts(node.item)) md.line(say`Icon: ${icon}`);
  if (node.kind !== 'tools') return md.build();
  const tokens = tokensNow(node.item);
  if (tokens !== undefined) md.line(say`Definition: ${tokens} tokens, ${TOKENS_BY}`);
  const params = parameterRows(node.item.inputSchema);
  if (params.length === 0) return md.line(say`No parameters.`).build();
  return md
    .table(
      ['Parameter', 'Type', 'Description'],
      params.map((p) => [say`${name(p.name)}${p.required ? ' (required)' : ''}`, say`${p.type}`, say`${p.description}`]),
    )
    .build();
}

function problemItem(node: ProblemNode): vscode.TreeItem {
  const p = node.problem;
  const item = treeItem(p.server ? say`${p.server}: ${p.message}` : say`${p.message}`);
  item.id = node.id;
  item.iconPath = new vscode.ThemeIcon(
    p.severity === 'error' ? 'error' : 'warning',
    new vscode.ThemeColor(p.severity === 'error' ? 'problemsErrorIcon.foreground' : 'problemsWarningIcon.foreground'),
  );
  const where = `${p.file.endsWith('claude_desktop_config.json') ? 'Claude Desktop config' : vscode.workspace.asRelativePath(p.file)}${p.line ? `:${p.line}` : ''}`;
  describe(item, p.field ? say`${where} · ${p.field}` : say`${where}`);
  setTooltip(
    item,
    say`${p.file}${p.line ? `:${p.line}:${p.column ?? 1}` : ''} ${p.server ? `server "${p.server}"` : ''}${p.field ? `, field "${p.field}"` : ''}: ${p.message}`,
  );
  item.contextValue = 'mcpLensProblem';
  item.command = { command: 'mcpLens.openConfig', title: 'Open Config', arguments: [p.file, p.line, p.column] };
  return item;
}
