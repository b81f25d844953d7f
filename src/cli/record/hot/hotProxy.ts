import { exitSentence } from '../../../core/diagnose/exitStory';
import { isRecord } from '../../../core/schema/isRecord';
import { MODERN_META } from '../../../core/diagnose/versions';
import { META_SUBSCRIPTION_ID } from '../../../core/session/listen';
import { now } from '../../../core/trace/event';
import type { RecorderMessage } from '../messages';
import { FileWatcher } from './fileWatcher';
import { parseLine } from './lineSplitter';
import { listenToHost } from './hostInput';
import { HostStreams } from './hostStreams';
import {
  listChangedKinds,
  RESTART_TOOL,
  withDiscoverListChanged,
  withGranted,
  withListChanged,
  withRestartTool,
  type ListKind,
} from './restartTool';
import { pipeChildOutput } from './childOutput';
import { HostLists } from './hostLists';
import { ServerChild, type ChildExit } from './serverChild';
import { InternalRequests } from './internalRequests';
import { settled } from '../../../core/util/ignored';

type Obj = Record<string, unknown>;
type Post = (m: RecorderMessage) => void;

/** How long the replayed handshake and the list probes of a new child may take. */
const INTERNAL_TIMEOUT_MS = 30_000;
/** JSON-RPC "Internal error": the request was valid, the server went away under it. */
const RESTARTED_CODE = -32603;
/** JSON-RPC "Method not found": how a server without subscriptions/listen answers it. */
const METHOD_NOT_FOUND = -32601;

interface HostRequest {
  id: unknown;
  method: string;
  /** A first-page list request: its answer is what the host knows of that list. */
  listKind?: ListKind;
}

const idKey = (id: unknown) => JSON.stringify(id);

/**
 * `mcp-lens record --watch`: the host talks to this proxy; the server behind it is restarted
 * when a watched file changes (or the host calls the restart tool). The host's session goes
 * on: its own `initialize` (+ initialized) is replayed to the new child in the legacy era
 * (the modern era has no handshake to replay), requests in flight get an error saying the
 * server restarted, and list_changed goes out for each list that differs: unsolicited in the
 * legacy era; in 2026-07-28 only on the host's `subscriptions/listen` streams that asked for
 * it ("the server MUST NOT send notification types the client has not explicitly requested"),
 * which stay open across the restart (acknowledged by the proxy itself when the server has
 * no subscriptions/listen). Every host byte reaches a child (held while one starts) or is
 * answered by the proxy. The child's output is wired in childOutput.ts, the host's input in
 * hostInput.ts, what the host knows of each list in hostLists.ts.
 */
export class HotProxy {
  private child: ServerChild | undefined;
  private children = 0;
  private lastExit: ChildExit | undefined;
  private restarting: Promise<string> | undefined;
  private held: Buffer[] = [];
  private readonly inFlight = new Map<string, HostRequest>();
  private readonly internal = new InternalRequests(INTERNAL_TIMEOUT_MS);
  private initialize: Buffer | undefined;
  private initialized: Buffer | undefined;
  private readonly lists = new HostLists();
  /** The host's era: `initialize` makes it legacy; a request carrying the 2026-07-28 `_meta` (before any initialize) modern. */
  private era: 'legacy' | 'modern' | undefined;
  private readonly streams = new HostStreams();
  /** The lists the proxy's rewritten server/discover answer declares listChanged for. */
  private honoured: ListKind[] = [];
  private watcher: FileWatcher | undefined;
  private ending = false;

  constructor(
    private readonly command: string,
    private readonly args: readonly string[],
    private readonly post: Post,
  ) {}

  /** Runs until the host closes stdin (or a signal); resolves with the exit code. */
  run(globs: readonly string[]): Promise<number> {
    try {
      this.watcher = new FileWatcher(
        globs,
        process.cwd(),
        (files) =>
          void this.restart(`a change to ${files.slice(0, 3).join(', ')}${files.length > 3 ? ` and ${files.length - 3} more` : ''}`),
      );
    } catch (error) {
      // A folder that does not exist: said before the server starts, not discovered at the first edit.
      process.stderr.write(`mcp-lens record: cannot watch ${globs.join(', ')}: ${(error as Error).message}\n`);
      return Promise.resolve(2);
    }
    this.startChild();
    this.note(`hot reload: watching ${globs.join(', ')}; ${RESTART_TOOL.name} is added to tools/list`, { watch: [...globs] });
    return new Promise((resolve) => {
      const end = (reason: string) => void this.end(reason).then(resolve);
      listenToHost({
        line: (line) => this.fromHost(line),
        stdinClosed: () => {
          this.post({ type: 'meta', kind: 'stdin-closed', t: now(), raw: 'host closed stdin' });
          end('host closed stdin');
        },
        end,
      });
    });
  }

  private async end(reason: string): Promise<number> {
    if (this.ending) return 0;
    this.ending = true;
    this.watcher?.dispose();
    this.note(`shutting down the server: ${reason}`, { reason });
    // A restart that failed said so to the one who asked for it; shutting down waits for it all the same.
    await settled(this.restarting);
    const child = this.child;
    this.child = undefined;
    if (child) this.lastExit = await child.stop();
    return 0;
  }

  /** One line from the host: answered here (the restart tool), held (during a restart) or passed on. */
  private fromHost(line: Buffer): void {
    if (this.restarting) {
      // A stream the host ends now hears nothing of this restart; the cancel itself reaches the new child with the rest.
      this.streamCancelled(parseLine(line));
      this.held.push(line);
      return;
    }
    const msg = parseLine(line);
    const method = typeof msg?.method === 'string' ? msg.method : undefined;
    this.streamCancelled(msg);
    if (msg && method && 'id' in msg) {
      if (method === 'tools/call' && isRecord(msg.params) && msg.params.name === RESTART_TOOL.name) {
        void this.restartForHost(msg.id);
        return;
      }
      if (method === 'initialize') {
        this.initialize = line;
        this.era = 'legacy';
      } else if (
        this.era === undefined &&
        isRecord(msg.params) &&
        isRecord(msg.params._meta) &&
        typeof msg.params._meta[MODERN_META.protocolVersion] === 'string'
      ) {
        this.era = 'modern';
      }
      const listKind = this.lists.requested(method, msg.params);
      // A listen request is a stream, not a request in flight: a restart keeps it open.
      if (method === 'subscriptions/listen') this.streams.opened(msg.id, msg.params, line);
      else {
        this.streams.idReused(msg.id);
        this.inFlight.set(idKey(msg.id), { id: msg.id, method, ...(listKind ? { listKind } : {}) });
      }
    }
    if (method === 'notifications/initialized') this.initialized = line;
    if (!this.child) {
      // No server to take it: a request is answered now; anything else is in the trace only.
      this.post({ type: 'chunk', dir: 'c2s', t: now(), chunk: line });
      if (msg && method && 'id' in msg) {
        this.inFlight.delete(idKey(msg.id));
        if (method === 'subscriptions/listen') this.streams.ended(msg.id);
        const exit = this.lastExit ? ` (it ${exitSentence(this.lastExit)})` : '';
        this.toHost({
          jsonrpc: '2.0',
          id: msg.id,
          error: {
            code: RESTARTED_CODE,
            message: `mcp-lens: the server is not running${exit}; save a watched file or call ${RESTART_TOOL.name} to start it again`,
          },
        });
      }
      return;
    }
    this.toChild(this.child, line);
  }

  /** notifications/cancelled naming one of the host's listen streams ends it. */
  private streamCancelled(msg: Obj | undefined): void {
    if (msg?.method === 'notifications/cancelled' && isRecord(msg.params)) this.streams.ended(msg.params.requestId, true);
  }

  private toChild(child: ServerChild, line: Buffer): void {
    this.post({ type: 'chunk', dir: 'c2s', t: now(), chunk: line });
    if (!child.process.stdin.write(line)) {
      process.stdin.pause();
      child.process.stdin.once('drain', () => process.stdin.resume());
    }
  }

  private toHost(msg: Obj): void {
    this.note(`mcp-lens → host: ${JSON.stringify(msg)}`, { fromProxy: msg });
    process.stdout.write(`${JSON.stringify(msg)}\n`);
  }

  private startChild(): ServerChild | undefined {
    const number = ++this.children;
    let child: ServerChild;
    try {
      child = ServerChild.spawn(this.command, this.args);
    } catch (error) {
      this.spawnFailed(error as NodeJS.ErrnoException);
      return undefined;
    }
    this.child = child;
    child.process.once('error', (error: NodeJS.ErrnoException) => {
      if (child.pid === undefined) this.spawnFailed(error);
    });
    pipeChildOutput(child, number, this.command, this.args, this.post, {
      line: (line) => this.fromChild(child, line),
      isCurrent: () => this.child === child,
    });
    void child.closed.then((exit) => {
      this.post({
        type: 'meta',
        kind: 'exited',
        t: now(),
        raw: `child ${number} ${exitSentence(exit)}`,
        info: { code: exit.code, signal: exit.signal, child: number },
      });
      this.internal.abandonAll();
      if (this.child !== child) return;
      // It died on its own: the host stays connected, and its requests get an answer that says why.
      this.child = undefined;
      this.lastExit = exit;
      const why = `the server ${exitSentence(exit, 'before answering')}`;
      this.failInFlight(why);
      for (const id of this.streams.endAll()) this.failed(id, 'subscriptions/listen', why);
    });
    return child;
  }

  private spawnFailed(error: NodeJS.ErrnoException): void {
    this.child = undefined;
    this.post({
      type: 'meta',
      kind: 'spawn-failed',
      t: now(),
      raw: `cannot start ${this.command}: ${error.message}`,
      info: { code: error.code, message: error.message, command: this.command },
    });
    process.stderr.write(`mcp-lens record: cannot start ${JSON.stringify(this.command)}: ${error.message}\n`);
  }

  /** One line from a child: ours (an internal answer), rewritten (initialize, tools/list) or relayed as it came. */
  private fromChild(child: ServerChild, line: Buffer): void {
    const msg = parseLine(line);
    const isResponse = msg !== undefined && 'id' in msg && !('method' in msg);
    if (isResponse && this.internal.answered(msg)) return;
    // An old child's last words: its requests were answered with an error when the restart began.
    if (this.child !== child) return;
    if (!isResponse) {
      this.notificationFromChild(msg, line);
      return;
    }
    if (this.streams.answeredOrphan(msg.id)) return;
    if (this.streams.has(msg.id)) {
      const kept = isRecord(msg.error) && msg.error.code === METHOD_NOT_FOUND ? this.streams.refused(msg.id, this.honoured) : 'pass';
      if (kept === 'keep') return;
      if (kept !== 'pass') {
        // A server with no subscriptions/listen: the proxy acknowledges the stream it announced listChanged for.
        this.toHost({
          jsonrpc: '2.0',
          method: 'notifications/subscriptions/acknowledged',
          params: { _meta: { [META_SUBSCRIPTION_ID]: msg.id }, notifications: kept },
        });
        return;
      }
      // The child ended a stream (a result, or an error: also a replayed stream the restarted server refuses): so does the host.
      this.streams.ended(msg.id);
      process.stdout.write(line);
      return;
    }
    const request = this.inFlight.get(idKey(msg.id));
    this.inFlight.delete(idKey(msg.id));
    if (request?.listKind) this.lists.answered(request.listKind, msg);
    if (request?.method === 'initialize') process.stdout.write(`${JSON.stringify(withListChanged(msg))}\n`);
    else if (request?.method === 'server/discover') this.discovered(msg, line);
    else if (request?.listKind === 'tools') process.stdout.write(`${JSON.stringify(withRestartTool(msg))}\n`);
    else process.stdout.write(line);
  }

  /** The host's server/discover answered: a DiscoverResult declares listChanged as the proxy provides it; an error passes as it came. */
  private discovered(msg: Obj, line: Buffer): void {
    const rewritten = withDiscoverListChanged(msg);
    if (rewritten === msg) {
      process.stdout.write(line);
      return;
    }
    this.honoured = listChangedKinds(rewritten);
    process.stdout.write(`${JSON.stringify(rewritten)}\n`);
  }

  /** A child's notification (or a line that is no message): relayed, except what concerns a listen stream across restarts. */
  private notificationFromChild(msg: Obj | undefined, line: Buffer): void {
    const params = isRecord(msg?.params) ? msg.params : undefined;
    if (msg?.method === 'notifications/cancelled' && params) this.streams.ended(params.requestId);
    if (msg?.method === 'notifications/subscriptions/acknowledged' && isRecord(params?._meta)) {
      const id = params._meta[META_SUBSCRIPTION_ID];
      const asked = this.streams.filterOf(id);
      const fate = this.streams.acknowledged(id);
      if (fate === 'swallow') return;
      const granted = fate === 'host' && asked ? withGranted(msg, asked, this.honoured) : undefined;
      if (granted) {
        process.stdout.write(`${JSON.stringify(granted)}\n`);
        return;
      }
    }
    process.stdout.write(line);
  }

  private failInFlight(why: string): void {
    for (const request of this.inFlight.values()) this.failed(request.id, request.method, why);
    this.inFlight.clear();
  }

  private failed(id: unknown, method: string, why: string): void {
    this.toHost({ jsonrpc: '2.0', id, error: { code: RESTARTED_CODE, message: `mcp-lens: ${why} (${method}); send the request again` } });
  }

  /** Restarts (one at a time: a change during a restart joins it) and says what changed. */
  restart(reason: string): Promise<string> {
    if (this.ending) return Promise.resolve('shutting down');
    this.restarting ??= this.doRestart(reason).finally(() => {
      this.restarting = undefined;
      const held = this.held;
      this.held = [];
      for (const line of held) this.fromHost(line);
    });
    return this.restarting;
  }

  private async doRestart(reason: string): Promise<string> {
    const lost = [...this.inFlight.values()].map((r) => ({ id: r.id, method: r.method }));
    this.post({
      type: 'meta',
      kind: 'note',
      t: now(),
      raw: `— restarting the server after ${reason}${lost.length ? `; in flight: ${lost.map((r) => `${r.method} (id ${JSON.stringify(r.id)})`).join(', ')}` : ''} —`,
      info: { restart: true, reason, lost },
    });
    this.failInFlight('the server restarted before answering');
    const old = this.child;
    this.child = undefined;
    if (old) await old.stop();
    const child = this.startChild();
    if (!child) return 'the server could not be started again';
    if (this.initialize) {
      // Legacy era: the new child gets the host's own handshake, under an id of ours.
      const answer = await this.ask(child, parseLine(this.initialize));
      if (!answer || !('result' in answer))
        return `the restarted server did not complete the handshake${answer ? `: ${JSON.stringify(answer.error)}` : ''}`;
      if (this.initialized) this.toChild(child, this.initialized);
    }
    // The host's listen streams are still open: each goes on at the new child, under its own id.
    await this.streams.replay((line) => this.toChild(child, line), INTERNAL_TIMEOUT_MS);
    const changed: ListKind[] = [];
    let notified = 0;
    await this.lists.relist(
      (request) => this.ask(child, request),
      (kind) => {
        changed.push(kind);
        notified += this.listChanged(kind);
      },
    );
    if (!changed.length) return `restarted (pid ${child.pid}); tools, prompts and resources unchanged`;
    if (this.era !== 'modern') return `restarted (pid ${child.pid}); changed: ${changed.join(', ')} (list_changed sent)`;
    return `restarted (pid ${child.pid}); changed: ${changed.join(', ')} (list_changed sent on ${notified} subscriptions/listen stream${notified === 1 ? '' : 's'} that asked for it)`;
  }

  /**
   * Tells the host a list changed; returns how many messages that took. Legacy: one, unsolicited.
   * 2026-07-28: one per open stream whose filter asked for it, carrying its id, and none
   * otherwise ("the server MUST NOT send notification types the client has not explicitly requested").
   */
  private listChanged(kind: ListKind): number {
    const method = `notifications/${kind}/list_changed`;
    if (this.era !== 'modern') {
      this.toHost({ jsonrpc: '2.0', method });
      return 1;
    }
    const ids = this.streams.asking(kind);
    for (const id of ids) this.toHost({ jsonrpc: '2.0', method, params: { _meta: { [META_SUBSCRIPTION_ID]: id } } });
    return ids.length;
  }

  /** A request of ours to `child`, its answer kept from the host. Undefined if the child ends or is too slow. */
  private ask(child: ServerChild, request: Obj | undefined): Promise<Obj | undefined> {
    return this.internal.ask((line) => this.toChild(child, line), request);
  }

  private async restartForHost(id: unknown): Promise<void> {
    const outcome = await this.restart(`the host called ${RESTART_TOOL.name}`);
    const ok = outcome.startsWith('restarted');
    this.toHost({
      jsonrpc: '2.0',
      id,
      result: { content: [{ type: 'text', text: `mcp-lens: ${outcome}` }], ...(ok ? {} : { isError: true }) },
    });
  }

  private note(raw: string, info: Obj): void {
    this.post({ type: 'meta', kind: 'note', t: now(), raw, info });
  }
}
