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
export async function runWatch(args: WatchArgs, io: Output): Promise<number> {
  const client = createClient(args.server, args.timeoutMs);
  let ending: Ending | undefined;
  let finish!: (e: Ending) => void;
  const ended = new Promise<Ending>((resolve) => {
    finish = (e) => {
      if (ending) return;
      ending = e;
      resolve(e);
    };
  });
  const onSignal = (signal: NodeJS.Signals) => {
    // A Ctrl-C while the watch is over and the server takes its time to stop (a second Ctrl-C, or the first after --count, --duration…): stop it now.
    if (ending) {
      killAllTrees();
      process.exit(130);
    }
    finish({ how: 'interrupted', signal });
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // Ctrl-C is the usual end of a watch: cancel the stream before the server is stopped, not SIGKILL it first.
  const graceful = stopsOwnTreesOnSignal();
  const cancelTimer = args.durationMs !== undefined ? longTimeout(() => finish({ how: 'duration' }), args.durationMs) : undefined;
  let seen = 0;
  const print = (e: TraceEvent) => {
    const msg = e.msg as { method?: string; params?: Record<string, unknown> } | undefined;
    if (ending || !msg?.method) return;
    const uri = typeof msg.params?.uri === 'string' ? msg.params.uri : undefined;
    seen++;
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
    if (args.count !== undefined && seen >= args.count) finish({ how: 'count' });
  };
  const wanted = (e: TraceEvent) => {
    const method = (e.msg as { method?: string } | undefined)?.method;
    return (args.lists && method !== undefined && LIST_CHANGED.has(method)) || (args.resources.length > 0 && method === UPDATED);
  };
  let stream: ListenStream | undefined;
  let subscribed: string[] = [];
  // Not awaited on its own: Ctrl-C while connecting (a slow start, a sign-in) ends the watch too.
  void (async () => {
    await client.connect();
    client.onDidClose((info) => finish({ how: 'connection-closed', detail: `the server ${exitSentence(info)}` }));
    if (client.info?.era === 'modern') stream = await openStream(client, args, io, print, wanted, finish);
    else subscribed = await subscribeLegacy(client, args, io, print, wanted);
    const uris = stream ? (stream.acknowledged?.resourceSubscriptions ?? []) : subscribed;
    const what = [...(args.lists ? ['list changes'] : []), ...uris.map((u) => terminalText(u))];
    if (!ending && !args.json)
      io.err(io.errStyle.dim(`watching ${what.join(', ') || 'nothing the server agreed to send'}; Ctrl-C to stop`));
  })().catch((error: unknown) => finish({ how: 'failed', detail: describeFailure(client, error) }));
  const end = await ended;
  cancelTimer?.();
  // The client ends what it opened before stopping the server: the stream, or each subscription.
  if (stream && !stream.ended) stream.close(end.how === 'interrupted' ? `Interrupted (${end.signal})` : 'The watch is over');
  for (const uri of subscribed)
    if (end.how !== 'connection-closed')
      await ignoreUnsent(client.request('resources/unsubscribe', { uri }, { timeoutMs: Math.min(2000, args.timeoutMs) }));
  await ignoreClosing(client.close());
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  graceful.dispose();
  const events = client.trace.events;
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
