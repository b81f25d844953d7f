import type { TraceEvent } from '../core/trace/event';
import type { JsonRpcMessage, JsonRpcRequest, JsonRpcResponse } from '../core/wire/message';
import { isNotification, isRequest, isResponse } from '../core/wire/message';
import { terminalText } from '../core/text';
import type { Style } from './style';
import { isRecord } from '../core/schema/isRecord';

const MAX_TEXT = 160;

function clip(text: string, max = MAX_TEXT): string {
  const oneLine = terminalText(text.replace(/\r?\n/g, '⏎'));
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

function ms(value: number): string {
  return value < 10 ? `${value.toFixed(1)} ms` : `${Math.round(value)} ms`;
}

function bytes(value: number): string {
  if (value >= 1024 * 1024) return `${(value / 1024 / 1024).toFixed(1)} MB`;
  if (value >= 1024) return `${(value / 1024).toFixed(1)} KB`;
  return `${value} B`;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The one detail that tells two requests of the same method apart. */
function requestDetail(msg: JsonRpcRequest): string {
  const params = msg.params ?? {};
  switch (msg.method) {
    case 'tools/call':
    case 'prompts/get':
      return str(params.name) ?? '';
    case 'resources/read':
    case 'resources/subscribe':
    case 'resources/unsubscribe':
      return str(params.uri) ?? '';
    case 'initialize':
      return str(params.protocolVersion) ?? '';
    default:
      return typeof params.cursor === 'string' ? `cursor ${JSON.stringify(params.cursor)}` : '';
  }
}

const LISTS: Record<string, string> = {
  'tools/list': 'tools',
  'resources/list': 'resources',
  'resources/templates/list': 'resourceTemplates',
  'prompts/list': 'prompts',
};

/** A short summary of a successful result, keyed by the method it answers. */
function resultDetail(method: string | undefined, result: Record<string, unknown>): string {
  if (method !== undefined && method in LISTS) {
    const items = result[LISTS[method]];
    const count = Array.isArray(items) ? items.length : 0;
    const more = typeof result.nextCursor === 'string' ? ', more pages' : '';
    const noun = LISTS[method] === 'resourceTemplates' ? 'templates' : LISTS[method];
    return `${count} ${count === 1 ? noun.slice(0, -1) : noun}${more}`;
  }
  if (method === 'initialize' || method === 'server/discover') {
    const info = (result.serverInfo ?? (result._meta as Record<string, unknown> | undefined)?.['io.modelcontextprotocol/serverInfo']) as
      { name?: unknown; version?: unknown } | undefined;
    const version = str(result.protocolVersion) ?? (Array.isArray(result.supportedVersions) ? result.supportedVersions.join(', ') : '');
    const name = info && typeof info.name === 'string' ? `${info.name} ${str(info.version) ?? ''}`.trim() : '';
    return clip([name, version].filter(Boolean).join(' · '));
  }
  return '';
}

function notificationDetail(msg: { method: string; params?: Record<string, unknown> }): string {
  const p = msg.params ?? {};
  switch (msg.method) {
    case 'notifications/progress': {
      const total = typeof p.total === 'number' ? `/${p.total}` : '';
      const message = str(p.message) ? ` ${clip(p.message as string, 80)}` : '';
      return `${String(p.progress)}${total}${message}`;
    }
    case 'notifications/message':
      return `[${String(p.level)}] ${clip(typeof p.data === 'string' ? p.data : (JSON.stringify(p.data) ?? ''), 100)}`;
    case 'notifications/cancelled':
      return `#${String(p.requestId)}${str(p.reason) ? ` ${p.reason as string}` : ''}`;
    default:
      return '';
  }
}

/**
 * Turns trace events into one readable line each, pairing responses with their requests
 * (by id and direction, never by order) to show latency:
 *   `  12 → tools/call #3 get_forecast`, `  13 ← #3 ✓ 31 ms`, `  14 ! stray: Server ready`.
 */
export class TraceLines {
  /** Open requests by "<direction of the request>:<id>". */
  private readonly pending = new Map<string, { method: string; t: number }>();

  constructor(
    private readonly style: Style,
    private readonly seqWidth = 4,
  ) {}

  line(e: TraceEvent): string {
    const s = this.style;
    const seq = String(e.seq).padStart(this.seqWidth);
    const body = this.body(e);
    const notes: string[] = [];
    if (e.glued) notes.push(s.red(`! glued after ${JSON.stringify(clip(e.glued, 60))}`));
    else if (e.piece && e.piece.index > 0) notes.push(s.red('! on the same line as the message before'));
    if (e.multiline) notes.push(s.yellow('! spread over several lines'));
    if (e.invalidUtf8) notes.push(s.red('! invalid UTF-8'));
    if (e.crlf) notes.push(s.dim('(CRLF)'));
    return [`${seq} ${body}`, ...notes].join('  ');
  }

  private body(e: TraceEvent): string {
    const s = this.style;
    switch (e.dir) {
      case 'stderr':
        return s.dim(`stderr ${clip(e.raw)}`);
      case 'meta':
        return this.meta(e);
      default:
        if (e.msg !== undefined) return this.message(e, e.msg);
        return this.stray(e);
    }
  }

  private message(e: TraceEvent, msg: JsonRpcMessage): string {
    const s = this.style;
    const arrow = e.dir === 'c2s' ? '→' : '←';
    const key = (dir: string, id: unknown) => `${dir}:${typeof id}:${String(id)}`;
    if (isRequest(msg)) {
      this.pending.set(key(e.dir, msg.id), { method: msg.method, t: e.t });
      const detail = requestDetail(msg);
      return `${arrow} ${s.bold(msg.method)} ${s.cyan(`#${String(msg.id)}`)}${detail ? ` ${detail}` : ''}`;
    }
    if (isNotification(msg)) {
      const detail = notificationDetail(msg);
      return s.dim(`${arrow} ${msg.method}${detail ? ` ${detail}` : ''}`);
    }
    if (!isResponse(msg)) return `${arrow} ${clip(e.raw)}`;
    const requestDir = e.dir === 'c2s' ? 's2c' : 'c2s';
    const open = this.pending.get(key(requestDir, msg.id));
    if (open) this.pending.delete(key(requestDir, msg.id));
    const latency = open ? ` ${ms(e.t - open.t)}` : '';
    const id = s.cyan(`#${String(msg.id)}`);
    const response = msg as JsonRpcResponse;
    if (response.error !== undefined) {
      const { code, message } = response.error;
      return `${arrow} ${id} ${s.red(`✗ ${code} ${clip(String(message), 100)}`)}${latency}`;
    }
    const result = response.result ?? {};
    if (result.isError === true) return `${arrow} ${id} ${s.yellow('✓ isError')}${latency}${this.toolText(result)}`;
    const detail = resultDetail(open?.method, result);
    return `${arrow} ${id} ${s.green('✓')}${latency}${detail ? s.dim(`  ${detail}`) : ''}`;
  }

  private toolText(result: Record<string, unknown>): string {
    const content = Array.isArray(result.content) ? result.content : [];
    const first = content.filter(isRecord).find((c) => c.type === 'text');
    return first && typeof first.text === 'string' ? this.style.dim(`  ${clip(first.text, 100)}`) : '';
  }

  private stray(e: TraceEvent): string {
    const s = this.style;
    switch (e.kind) {
      case 'not-jsonrpc':
        return s.red(`! not JSON-RPC: ${clip(e.raw)}`);
      case 'partial':
        return s.red(`! partial line (no newline before the stream ended): ${clip(e.raw)}`);
      case 'oversize': {
        const size = typeof e.info?.bytes === 'number' ? bytes(e.info.bytes) : 'oversize';
        return s.red(`! line over the size cap (${size}): ${clip(e.raw, 80)}`);
      }
      default:
        return s.red(`! stray: ${clip(e.raw)}`);
    }
  }

  private meta(e: TraceEvent): string {
    const s = this.style;
    const text = `· ${clip(e.raw || `${e.kind ?? 'meta'} ${JSON.stringify(e.info ?? {})}`)}`;
    switch (e.kind) {
      case 'spawn-failed':
      case 'timeout':
        return s.red(text);
      case 'exited': {
        const code = e.info?.code;
        return code === 0 ? s.dim(text) : s.yellow(text);
      }
      case 'stray-source':
        return s.magenta(text);
      case 'auth':
        // A step of the authorization flow; the one that failed stands out.
        return e.info?.authFailure ? s.red(text) : s.dim(text);
      default:
        return s.dim(text);
    }
  }
}

/** Renders a whole trace: the seq column is as wide as the largest seq. */
export function traceLines(events: readonly TraceEvent[], style: Style): Map<number, string> {
  const last = events.length > 0 ? events[events.length - 1].seq : 0;
  const printer = new TraceLines(style, Math.max(4, String(last).length + 2));
  const lines = new Map<number, string>();
  for (const e of events) lines.set(e.seq, printer.line(e));
  return lines;
}
