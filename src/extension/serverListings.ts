/**
 * What a running server lists, kept on its entry: tools, resources (with their templates),
 * prompts and the Skills extension's catalog, listed at Start and again after each
 * `notifications/<kind>/list_changed`, one listing of a kind at a time.
 */
import type { Lists } from '../core/devloop/listDiff';
import { ProtocolError, type McpClient } from '../core/session/client';
import { listSkills } from '../core/skills/listing';
import { skillsDeclaration } from '../core/skills/protocol';
import { settled } from '../core/util/ignored';
import { SerialRefresh } from './serialRefresh';
import { LIST_KINDS, type ListKind, type ServerEntry } from './serverEntry';

const LIST_METHODS: Record<ListKind, 'tools/list' | 'resources/list' | 'prompts/list'> = {
  tools: 'tools/list',
  resources: 'resources/list',
  prompts: 'prompts/list',
};

/** The list a `notifications/<kind>/list_changed` makes stale. */
export const CHANGED_LIST: Record<string, ListKind> = {
  'notifications/tools/list_changed': 'tools',
  'notifications/resources/list_changed': 'resources',
  'notifications/prompts/list_changed': 'prompts',
};

/** One list before and after the server's `notifications/<kind>/list_changed`. */
export interface ListChangedEvent {
  entry: ServerEntry;
  method: string;
  before: Lists;
  after: Lists;
}

export class ServerListings {
  /** Each connection's listings, one at a time per list (see SerialRefresh). */
  private readonly refreshes = new WeakMap<McpClient, SerialRefresh<ListKind>>();
  /** Each connection's first listing (tools, resources, prompts), awaited by listed(). */
  private readonly firstListings = new WeakMap<McpClient, Promise<void>>();

  /** `changed`: an entry's lists or skills changed; `listChanged`: a list_changed was followed by a new listing. */
  constructor(
    private readonly changed: (entry: ServerEntry) => void,
    private readonly listChangedTo: (event: ListChangedEvent) => void,
  ) {}

  /** Start's listing of every list; `listed` resolves when it is over. */
  firstListing(entry: ServerEntry, client: McpClient): Promise<void> {
    const listing = this.refreshLists(entry, client);
    this.firstListings.set(client, settled(listing));
    return listing;
  }

  /**
   * Resolves once the connection's first listing is over, whether or not it gave a tools
   * list: a server that declares no tools and answers tools/list with -32601 has none.
   */
  listed(client: McpClient | undefined): Promise<void> {
    return (client && this.firstListings.get(client)) || Promise.resolve();
  }

  /** A `list_changed`: that list again, then what changed in it (only for a list that had loaded before). */
  async listChanged(entry: ServerEntry, client: McpClient, kind: ListKind, method: string): Promise<void> {
    const before = listItems(entry);
    await this.refreshLists(entry, client, [kind]);
    // A skill catalog that changed is told as resources/list_changed (skill files are resources).
    if (kind === 'resources') await this.refreshSkills(entry, client);
    if (entry.client !== client || before[kind] === undefined) return;
    const after = listItems(entry);
    this.listChangedTo({ entry, method, before: { [kind]: before[kind] }, after: { [kind]: after[kind] ?? [] } });
  }

  /**
   * Lists tools, resources and prompts (every page). Tools are asked for even when the
   * capability is missing: a server author wants to see them, and the diagnostics name the
   * missing capability. Undeclared resources/prompts are not asked for.
   */
  async refreshLists(entry: ServerEntry, client: McpClient, kinds: readonly ListKind[] = LIST_KINDS): Promise<void> {
    let refresh = this.refreshes.get(client);
    if (!refresh) this.refreshes.set(client, (refresh = new SerialRefresh()));
    for (const kind of kinds) {
      // A list_changed during a listing waits for it, then lists again: the newest listing is the one shown.
      await refresh.run(kind, () => this.refreshList(entry, client, kind));
      if (entry.client !== client) return;
    }
  }

  private async refreshList(entry: ServerEntry, client: McpClient, kind: ListKind): Promise<void> {
    const declared = kind in (client.info?.capabilities ?? {});
    if (!declared && kind !== 'tools') return;
    try {
      const items = await client.listAll(LIST_METHODS[kind]);
      if (kind === 'resources') items.push(...(await resourceTemplates(client)));
      if (entry.client !== client) return;
      entry.lists[kind] = { items };
    } catch (error) {
      if (entry.client !== client) return;
      if (!declared && error instanceof ProtocolError && error.code === -32601) return;
      entry.lists[kind] = { error: error instanceof Error ? error.message : String(error) };
    }
    this.changed(entry);
  }

  /**
   * The Skills extension's listing, every page, once the server declares it ("Clients issue
   * skills/list and skills/get only after observing the server's declaration"). Listing reads
   * no skill file: "Hosts MUST NOT retrieve a skill's files ahead of need … on listing".
   */
  async refreshSkills(entry: ServerEntry, client: McpClient): Promise<void> {
    if (!skillsDeclaration(client.info?.capabilities)) return;
    try {
      const listing = await listSkills(client);
      if (entry.client !== client) return;
      entry.skills = { skills: listing.skills, invalid: listing.invalid };
    } catch (error) {
      if (entry.client !== client) return;
      entry.skills = { error: error instanceof Error ? error.message : String(error) };
    }
    this.changed(entry);
  }
}

/** The lists that loaded (a failed or undeclared list is left out, so it is not compared). */
export function listItems(entry: ServerEntry): Lists {
  const lists: Lists = {};
  for (const kind of LIST_KINDS) {
    const list = entry.lists[kind];
    if (list && 'items' in list) lists[kind] = list.items;
  }
  return lists;
}

/** Templates belong with the resources; a server without them may answer -32601. */
async function resourceTemplates(client: McpClient): Promise<Record<string, unknown>[]> {
  try {
    return await client.listAll('resources/templates/list');
  } catch (error) {
    if (error instanceof ProtocolError && error.code === -32601) return [];
    throw error;
  }
}
