import { exitSentence } from '../../core/diagnose/exitStory';
import { diagnose } from '../../core/diagnose/engine';
import { listChangedFilter } from '../../core/session/listChanges';
import type { ListenEnd, ListenStream, SubscriptionFilter } from '../../core/session/listen';
import { ProtocolError, type McpClient } from '../../core/session/client';
import { recordSubscribeRefused } from '../../core/probe/subscribe';
import { canSubscribe, watchVia } from '../../core/resources/subscriptions';
import { terminalText } from '../../core/text/surfaces';
import { longTimeout } from '../../core/util/longTimeout';
import { killAllTrees, stopsOwnTreesOnSignal } from '../../core/transport/processTree';
import type { TraceEvent } from '../../core/trace/event';
import type { WatchArgs } from './watchArgs';
import { diagnosticLines } from '../diagnosticLines';
import { failsOn } from '../failOn';
import type { Output } from '../output';
import { buildReport } from '../report';
import { createClient, describeFailure } from './session';
import { ignoreClosing, ignoreUnsent } from '../../core/util/ignored';

/** What `watch` prints: list changes always, resources/updated only for the URIs asked for. */
const LIST_CHANGED = new Set([
  'notifications/tools/list_changed',
  'notifications/prompts/list_changed',
  'notifications/resources/list_changed',
]);
const UPDATED = 'notifications/resources/updated';

/** Why the watch ended. */
type Ending =
  | { how: 'interrupted'; signal: string }
  | { how: 'duration' }
  | { how: 'count' }
  | { how: 'stream-ended'; detail: string }
  | { how: 'connection-closed'; detail: string }
  | { how: 'failed'; detail: string };

/**
 * `mcp-lens watch`: the server's list changes and resource updates, each printed as it comes.
 * 2026-07-28: one `subscriptions/listen` stream asking for them ("the server MUST NOT send
 * notification types the client has not explicitly requested"); legacy: `resources/subscribe`
 * per URI (list_changed comes unasked there). Ctrl-C, --duration or --count end it cleanly:
 * the stream is cancelled (notifications/cancelled) or the URIs unsubscribed, then the server
 * is stopped (a second Ctrl-C kills it at once). Exit 0 unless the watch failed or a diagnostic reaches --fail-on.
 */
export function runWatch(args: WatchArgs, io: Output): Promise<number> {
  return new WatchRun(args, io).run();
}

/** One watch: how it ends, what it printed, and what it opened on the server to close again. */
class WatchRun {
  private readonly client: McpClient;
  private ending: Ending | undefined;
  private finished!: (e: Ending) => void;
  private readonly ended = new Promise<Ending>((resolve) => (this.finished = resolve));
  private seen = 0;
  private stream: ListenStream | undefined;
  private subscribed: string[] = [];

  constructor(
    private readonly args: WatchArgs,
    private readonly io: Output,
  ) {
    this.client = createClient(args.server, args.timeoutMs);
  }

  async run(): Promise<number> {
    const onSignal = (signal: NodeJS.Signals) => {
      // A Ctrl-C while the watch is over and the server takes its time to stop (a second Ctrl-C, or the first after --count, --duration…): stop it now.
      if (this.ending) {
        killAllTrees();
        process.exit(130);
      }
      this.finish({ how: 'interrupted', signal });
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    // Ctrl-C is the usual end of a watch: cancel the stream before the server is stopped, not SIGKILL it first.
    const graceful = stopsOwnTreesOnSignal();
    const { durationMs } = this.args;
    const cancelTimer = durationMs !== undefined ? longTimeout(() => this.finish({ how: 'duration' }), durationMs) : undefined;
    // Not awaited on its own: Ctrl-C while connecting (a slow start, a sign-in) ends the watch too.
    this.start().catch((error: unknown) => this.finish({ how: 'failed', detail: describeFailure(this.client, error) }));
    const end = await this.ended;
    cancelTimer?.();
    await this.close(end);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    graceful.dispose();
    return this.report(end);
  }

  private finish(e: Ending): void {
    if (this.ending) return;
    this.ending = e;
    this.finished(e);
  }

  /** Connects, then opens the stream (2026-07-28) or subscribes each URI (legacy), and says what is watched. */
  private async start(): Promise<void> {
    const { client, args, io } = this;
    const print = (e: TraceEvent) => this.print(e);
    const wanted = (e: TraceEvent) => this.wanted(e);
    await client.connect();
    client.onDidClose((info) => this.finish({ how: 'connection-closed', detail: `the server ${exitSentence(info)}` }));
    if (client.info?.era === 'modern') this.stream = await openStream(client, args, io, print, wanted, (e) => this.finish(e));
    else this.subscribed = await subscribeLegacy(client, args, io, print, wanted);
    const uris = this.stream ? (this.stream.acknowledged?.resourceSubscriptions ?? []) : this.subscribed;
    const what = [...(args.lists ? ['list changes'] : []), ...uris.map((u) => terminalText(u))];
    if (!this.ending && !args.json)
      io.err(io.errStyle.dim(`watching ${what.join(', ') || 'nothing the server agreed to send'}; Ctrl-C to stop`));
  }

  private wanted(e: TraceEvent): boolean {
    const method = (e.msg as { method?: string } | undefined)?.method;
    const { lists, resources } = this.args;
    return (lists && method !== undefined && LIST_CHANGED.has(method)) || (resources.length > 0 && method === UPDATED);
  }

  /** One notification, as a JSON line or a timestamped line; --count ends the watch. */
  private print(e: TraceEvent): void {
    const { args, io } = this;
    const msg = e.msg as { method?: string; params?: Record<string, unknown> } | undefined;
    if (this.ending || !msg?.method) return;
    const uri = typeof msg.params?.uri === 'string' ? msg.params.uri : undefined;
    this.seen++;
    if (args.json)
      io.out(
        JSON.stringify({
          type: 'notification',
          at: new Date(e.t).toISOString(),
          method: msg.method,
          ...(uri !== undefined ? { uri } : {}),
          seq: e.seq,
        }),
      );
    else
      io.out(
        `${io.outStyle.dim(new Date(e.t).toISOString().slice(11, 23))} ${msg.method.replace(/^notifications\//, '')}${uri !== undefined ? ` ${terminalText(uri)}` : ''}`,
      );
    if (args.count !== undefined && this.seen >= args.count) this.finish({ how: 'count' });
  }

  /** The client ends what it opened before stopping the server: the stream, or each subscription. */
  private async close(end: Ending): Promise<void> {
    const { stream, client } = this;
    if (stream && !stream.ended) stream.close(end.how === 'interrupted' ? `Interrupted (${end.signal})` : 'The watch is over');
    for (const uri of this.subscribed)
      if (end.how !== 'connection-closed')
        await ignoreUnsent(client.request('resources/unsubscribe', { uri }, { timeoutMs: Math.min(2000, this.args.timeoutMs) }));
    await ignoreClosing(client.close());
  }

  /** How it ended, with the diagnostics; exit 1 when the watch failed or a diagnostic reaches --fail-on. */
  private report(end: Ending): number {
    const { args, io, seen } = this;
    const events = this.client.trace.events;
    const diagnostics = diagnose(events);
    const failed = end.how === 'failed' || end.how === 'connection-closed';
    if (args.json) {
      io.out(
        JSON.stringify({
          type: 'end',
          how: end.how,
          ...('detail' in end ? { detail: end.detail } : {}),
          notifications: seen,
          ...buildReport(args.server, events, diagnostics),
        }),
      );
    } else {
      const line = `${seen} notification${seen === 1 ? '' : 's'}; ${endSentence(end)}`;
      io.err(failed ? io.errStyle.red(line) : io.errStyle.dim(line));
      const worth = diagnostics.filter((d) => d.severity !== 'info');
      if (worth.length > 0) io.err(diagnosticLines(worth, io.errStyle).join('\n'));
    }
    return failed || failsOn(diagnostics, args.failOn) ? 1 : 0;
  }
}

/** 2026-07-28: one stream for everything asked; what the acknowledgement left out is said. */
async function openStream(
  client: McpClient,
  args: WatchArgs,
  io: Output,
  print: (e: TraceEvent) => void,
  wanted: (e: TraceEvent) => boolean,
  finish: (e: Ending) => void,
): Promise<ListenStream | undefined> {
  const caps = client.info?.capabilities ?? {};
  const filter: SubscriptionFilter = {
    ...(args.lists ? listChangedFilter(caps) : {}),
    ...(args.resources.length ? { resourceSubscriptions: args.resources } : {}),
  };
  if (args.lists && !listChangedFilter(caps))
    io.err(
      io.errStyle.yellow('note: the server declares listChanged for no list (tools, prompts, resources): no list change will be asked for'),
    );
  if (Object.keys(filter).length === 0)
    throw new Error('nothing to watch: the server declares no list that changes, and no --resource was given');
  const stream = await client
    .listen(filter)
    .catch((error: unknown) => subscriptionRefused(client, 'subscriptions/listen', args.resources.join(', '), error));
  const granted = stream.acknowledged ?? {};
  const refused = [
    ...(['toolsListChanged', 'promptsListChanged', 'resourcesListChanged'] as const).filter((f) => filter[f] && granted[f] !== true),
    ...args.resources.filter((u) => !granted.resourceSubscriptions?.includes(u)).map((u) => terminalText(u)),
  ];
  if (refused.length)
    io.err(
      io.errStyle.yellow(
        `note: the server acknowledged the stream without ${refused.join(', ')}: it will send nothing for ${refused.length === 1 ? 'it' : 'them'}`,
      ),
    );
  stream.onNotification((e) => wanted(e) && print(e));
  stream.onEnd(
    (end) => end.by !== 'client' && finish({ how: end.by === 'connection' ? 'connection-closed' : 'stream-ended', detail: streamEnd(end) }),
  );
  return stream;
}

/** Legacy: resources/subscribe per URI where the server declares it; list_changed comes unasked. */
async function subscribeLegacy(
  client: McpClient,
  args: WatchArgs,
  io: Output,
  print: (e: TraceEvent) => void,
  wanted: (e: TraceEvent) => boolean,
): Promise<string[]> {
  if (args.resources.length && !canSubscribe(client.info))
    throw new Error('the server does not declare resources.subscribe: it sends no resources/updated');
  const subscribed: string[] = [];
  client.onNotification((e) => {
    if (!wanted(e)) return;
    const uri = (e.msg as { params?: { uri?: unknown } }).params?.uri;
    // An update "might be a sub-resource of the one that the client actually subscribed to".
    if ((e.msg as { method?: string }).method !== UPDATED || subscribed.some((u) => typeof uri === 'string' && uri.startsWith(u))) print(e);
  });
  for (const uri of args.resources) {
    await client
      .request('resources/subscribe', { uri })
      .catch((error: unknown) => subscriptionRefused(client, 'resources/subscribe', uri, error));
    subscribed.push(uri);
  }
  if (args.lists && !listChangedFilter(client.info?.capabilities ?? {}))
    io.err(io.errStyle.yellow('note: the server declares listChanged for no list (tools, prompts, resources)'));
  return subscribed;
}

/** A declared subscription refused is the server's fault (subscribe-refused, in the diagnostics), then the watch's end. */
function subscriptionRefused(client: McpClient, method: string, uri: string, error: unknown): never {
  if (error instanceof ProtocolError && uri !== '' && watchVia(client.info) !== undefined)
    recordSubscribeRefused(client.trace, method, uri, error);
  throw error;
}

function streamEnd(end: ListenEnd): string {
  switch (end.by) {
    case 'server':
      return `the server ended the stream (notifications/cancelled: ${terminalText(end.reason)})`;
    case 'result':
      return 'the server ended the stream with its result';
    case 'error':
      return `the server ended the stream with error ${end.code}: ${terminalText(end.message)}`;
    default:
      return terminalText(end.reason);
  }
}

function endSentence(end: Ending): string {
  switch (end.how) {
    case 'interrupted':
      return `stopped (${end.signal}); the server was stopped`;
    case 'duration':
      return 'stopped after --duration; the server was stopped';
    case 'count':
      return 'stopped after --count; the server was stopped';
    default:
      return end.detail;
  }
}
