import type { ListenEnd, ListenStream, SubscriptionFilter } from './listen';
import type { McpClient } from './client';
import { ProtocolError } from './errors';

/** The filter field that opts in to each list's `notifications/<kind>/list_changed`. */
const LIST_CHANGED_FIELDS = {
  tools: 'toolsListChanged',
  prompts: 'promptsListChanged',
  resources: 'resourcesListChanged',
} as const;

/**
 * What a 2026-07-28 session asks for to hear of list changes: exactly the lists whose
 * capability declares `listChanged` (a filter field for a list the server never said changes
 * would ask for nothing it sends). Undefined when none does: no stream is worth opening.
 */
export function listChangedFilter(capabilities: Record<string, unknown>): SubscriptionFilter | undefined {
  const filter: SubscriptionFilter = {};
  for (const [kind, field] of Object.entries(LIST_CHANGED_FIELDS)) {
    const declared = capabilities[kind];
    if (typeof declared === 'object' && declared !== null && (declared as { listChanged?: unknown }).listChanged === true)
      filter[field] = true;
  }
  return Object.keys(filter).length > 0 ? filter : undefined;
}

/**
 * The session's own `subscriptions/listen` stream for list_changed: 2026-07-28 removed
 * unsolicited notifications ("the server MUST NOT send notification types the client has not
 * explicitly requested"), so without it a modern server's list changes never arrive. The
 * notifications themselves are seen like any other (the client's onNotification / the trace);
 * this only keeps the stream open for the session's life.
 *
 * Watching a resource keeps a stream of its own (resources/resourcePanel.ts): a filter cannot
 * change once sent, so sharing one stream would mean re-opening it on every Watch toggle, with
 * a gap between the old stream's end and the new one's acknowledgement where changes are lost,
 * and a server ending the shared stream would end both. The protocol allows several streams
 * on one connection ("On stdio, where every subscription shares one channel").
 *
 * A refusal (-32601 from a server without streams, any error, no acknowledgement) or an end
 * is said once through `say` and never retried: a retry loop against a server that cannot
 * listen would fill the trace and the log.
 */
export class ListChangeStream {
  private stream: ListenStream | undefined;
  private closedWith: string | undefined;
  /** Settles once the stream is open, refused, or given up (never rejects). */
  readonly opened: Promise<ListenStream | undefined>;

  private constructor(
    client: McpClient,
    readonly requested: SubscriptionFilter,
    private readonly say: (line: string) => void,
  ) {
    this.opened = this.open(client);
  }

  /** Opens the stream when the session is modern and declares a list that changes; otherwise undefined. */
  static start(client: McpClient, say: (line: string) => void): ListChangeStream | undefined {
    const info = client.info;
    if (info?.era !== 'modern') return undefined;
    const filter = listChangedFilter(info.capabilities);
    return filter ? new ListChangeStream(client, filter, say) : undefined;
  }

  /** Ends the stream from the client (stop, restart): notifications/cancelled naming it. */
  close(reason: string): void {
    if (this.closedWith !== undefined) return;
    this.closedWith = reason;
    this.stream?.close(reason);
  }

  private async open(client: McpClient): Promise<ListenStream | undefined> {
    let stream: ListenStream;
    try {
      stream = await client.listen(this.requested);
    } catch (error) {
      if (this.closedWith === undefined)
        this.say(`subscriptions/listen for list changes failed (${describe(error)}): list_changed will not reach MCP Lens in this session`);
      return undefined;
    }
    if (this.closedWith !== undefined) {
      stream.close(this.closedWith);
      return undefined;
    }
    this.stream = stream;
    const left = Object.keys(this.requested).filter((field) => stream.acknowledged?.[field as keyof SubscriptionFilter] !== true);
    if (left.length > 0) this.say(`subscriptions/listen acknowledged without ${left.join(', ')}: those list changes will not be sent`);
    stream.onEnd((end) => {
      if (end.by !== 'client' && end.by !== 'connection')
        this.say(`the server ended the list_changed stream ${howEnded(end)}; it is not reopened until the server restarts`);
    });
    return stream;
  }
}

function describe(error: unknown): string {
  if (error instanceof ProtocolError) return `${error.code} ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

function howEnded(end: ListenEnd): string {
  switch (end.by) {
    case 'server':
      return `with notifications/cancelled: ${end.reason}`;
    case 'result':
      return 'with its result';
    case 'error':
      return `with error ${end.code}: ${end.message}`;
    default:
      return `(${end.reason})`;
  }
}
