/**
 * How a Messages row reads: label, description, icon and contextValue, as plain data (no
 * `vscode`), so that the view, the tests' snapshot and the benchmark share it.
 */
import { exitFacts, exitStatus } from '../../core/diagnose/exitStory';
import * as path from 'node:path';
import { userFrame, type StackFrame } from '../../core/preload/index';
import type { TraceEvent } from '../../core/trace/event';
import {
  asksOf,
  errorOf,
  idOf,
  latencyOf,
  methodOf,
  retriesOf,
  statusOf,
  type ExchangeNode,
  type ListenStreamState,
  type MessageNode,
  type Status,
} from './nodes';
import { isRecord } from '../../core/schema/isRecord';

export interface RowData {
  label: string;
  description: string;
  /** A codicon id, and the theme color it is drawn in. */
  icon: string;
  color?: string;
  contextValue: string;
  /** The row has a JSON tree to expand. */
  expandable: boolean;
  /** The label is a method and tool name: shown with its hidden characters written out. */
  nameLike?: boolean;
}

const STATUS_ICON: Record<Status, { icon: string; color?: string }> = {
  pass: { icon: 'pass', color: 'testing.iconPassed' },
  error: { icon: 'error', color: 'problemsErrorIcon.foreground' },
  isError: { icon: 'warning', color: 'problemsWarningIcon.foreground' },
  pending: { icon: 'clock' },
  timeout: { icon: 'clock', color: 'problemsErrorIcon.foreground' },
  cancelled: { icon: 'circle-slash', color: 'problemsWarningIcon.foreground' },
  probe: { icon: 'versions' },
  input: { icon: 'question', color: 'problemsWarningIcon.foreground' },
  listening: { icon: 'radio-tower', color: 'testing.iconPassed' },
  ended: { icon: 'debug-disconnect' },
};

const MAX_LABEL = 160;

export function rowData(node: MessageNode): RowData {
  switch (node.type) {
    case 'exchange':
      return exchangeRow(node);
    case 'notification':
      return notificationRow(node.event);
    case 'response':
      return orphanResponseRow(node.event);
    case 'stray':
      return strayRow(node.event, node.source);
    case 'meta':
      return metaRow(node.event);
  }
}

/** A request and its answer: method, tool and id, then what became of it. */
function exchangeRow(node: ExchangeNode): RowData {
  const status = statusOf(node);
  return {
    label: `${node.method}${node.tool ? ` ${node.tool}` : ''} #${String(idOf(node.request))}`,
    description: exchangeParts(node, status).join(' · '),
    ...STATUS_ICON[status],
    contextValue: `mcpLensMessage.exchange.${node.request.dir}`,
    expandable: true,
    nameLike: true,
  };
}

/** "tools/call echo #3": "142 ms · isError", "timed out after 30000 ms", "round 2 · input required"… */
function exchangeParts(node: ExchangeNode, status: Status): string[] {
  const parts: string[] = [];
  if (status === 'probe') parts.push('era probe');
  if (node.request.dir === 's2c') parts.push('from server');
  if (node.role === 'retry') parts.push(`round ${roundOf(node)}`);
  // A stream's answer ends it: the time to it is no latency.
  const latency = node.stream ? undefined : latencyOf(node);
  if (node.stream) parts.push(...streamParts(node, node.stream, status));
  else if (latency !== undefined) parts.push(`${latency} ms`);
  else if (status === 'input') parts.push('input required');
  else if (status === 'timeout') parts.push(`timed out after ${String(node.timedOut?.info?.afterMs ?? '?')} ms`);
  // A request the client gave up on without telling the server says why ("lost: the server exited with code 1…").
  else if (status === 'cancelled')
    parts.push(node.cancelled?.info?.local === true ? String(node.cancelled.info.reason ?? 'given up') : 'cancelled');
  else if (!node.task) parts.push('pending…');
  if (node.task) parts.push(`task ${node.task.status ?? 'created'}${node.task.message ? `: ${clip(node.task.message, 80)}` : ''}`);
  parts.push(...groupParts(node));
  const error = errorOf(node);
  if (error) parts.push(status === 'probe' ? String(error.code) : `${error.code} ${clip(String(error.message ?? ''), 80)}`);
  if (status === 'isError') parts.push('isError');
  // A huge answer says so: its JSON children show clipped, copy and export give every byte.
  if (node.response && node.response.raw.length >= LARGE_MESSAGE) parts.push(sizeText(byteSize(node.response)));
  const glued = [node.response, node.request].find((e) => e?.glued !== undefined || e?.piece !== undefined);
  if (glued) parts.push(glued.glued ? 'glued to stray text' : 'glued to another message');
  return parts;
}

function notificationRow(e: TraceEvent): RowData {
  return {
    label: methodOf(e) ?? 'notification',
    description: `${e.dir === 'c2s' ? 'client → server' : 'server → client'}${progressText(e)}`,
    icon: e.dir === 'c2s' ? 'arrow-small-right' : 'bell',
    contextValue: 'mcpLensMessage.notification',
    expandable: true,
    nameLike: true,
  };
}

/** A response whose request is not in the view (evicted, or never sent). */
function orphanResponseRow(e: TraceEvent): RowData {
  return {
    label: `response #${String(idOf(e))}`,
    description: 'answers no request in view',
    icon: 'question',
    color: 'problemsWarningIcon.foreground',
    contextValue: 'mcpLensMessage.response',
    expandable: true,
  };
}

/** A stdout line that is no message, with the source line that wrote it when the preload found it. */
function strayRow(e: TraceEvent, source: TraceEvent | undefined): RowData {
  const where = source ? sourceLabel(source) : undefined;
  const what =
    e.kind === 'not-jsonrpc'
      ? 'JSON, not JSON-RPC'
      : e.kind === 'partial'
        ? 'no final newline'
        : e.kind === 'oversize'
          ? 'line over the size cap'
          : 'stray stdout';
  return {
    label: clip(e.raw, MAX_LABEL) || '(empty line)',
    description: where ? `${what} · written at ${where}` : what,
    icon: 'warning',
    color: 'problemsWarningIcon.foreground',
    contextValue: 'mcpLensMessage.stray',
    expandable: false,
  };
}

/** "listening · 3 notifications", "ended by the client: … · 3 notifications"; a refusal or timeout is said as for any request. */
function streamParts(node: ExchangeNode, stream: ListenStreamState, status: Status): string[] {
  const count = `${stream.notifications} notification${stream.notifications === 1 ? '' : 's'}`;
  if (status === 'listening') return ['listening', count];
  if (status === 'ended') return [clip(stream.end ?? 'ended', 120), count];
  if (status === 'pending') return ['waiting for its acknowledgement…'];
  if (status === 'timeout') return [`not acknowledged within ${String(node.timedOut?.info?.afterMs ?? '?')} ms`];
  return [];
}

/** What happened inside a call, counted: "3 rounds", "2 server requests". */
function groupParts(node: ExchangeNode): string[] {
  const parts: string[] = [];
  const retries = retriesOf(node).length;
  if (retries > 0) parts.push(`${retries + 1} rounds`);
  const asks = asksOf(node).length;
  if (asks > 0) parts.push(`${asks} server request${asks === 1 ? '' : 's'}`);
  return parts;
}

/** A retry's round: the original request is round 1. */
function roundOf(node: ExchangeNode): number {
  return node.parent ? retriesOf(node.parent).indexOf(node) + 2 : 1;
}

function metaRow(e: TraceEvent): RowData {
  const info = e.info ?? {};
  const base = { contextValue: 'mcpLensMessage.meta', expandable: false };
  switch (e.kind) {
    case 'spawned':
      return { ...base, label: 'spawned', description: `pid ${String(info.pid ?? '?')}`, icon: 'debug-start' };
    case 'spawn-failed':
      return {
        ...base,
        label: 'spawn failed',
        description: String(info.message ?? info.code ?? ''),
        icon: 'error',
        color: 'problemsErrorIcon.foreground',
      };
    case 'exited': {
      const clean = info.code === 0;
      const how = exitStatus(exitFacts(info));
      return {
        ...base,
        label: 'exited',
        description: how,
        icon: clean ? 'debug-stop' : 'error',
        color: clean ? undefined : 'problemsErrorIcon.foreground',
      };
    }
    case 'stdin-closed':
      return { ...base, label: 'stdin closed', description: '', icon: 'debug-disconnect' };
    case 'timeout':
      return {
        ...base,
        label: 'timeout',
        description: `${String(info.method ?? '')} #${String(info.id ?? '?')} after ${String(info.afterMs ?? '?')} ms`,
        icon: 'clock',
        color: 'problemsErrorIcon.foreground',
      };
    case 'cancelled':
      return {
        ...base,
        label: info.local === true && String(info.reason ?? '').startsWith('lost') ? 'lost' : 'cancelled',
        description: `${String(info.method ?? '')} #${String(info.id ?? '?')}${info.reason ? ` · ${String(info.reason)}` : ''}`,
        icon: 'circle-slash',
      };
    case 'era':
      return {
        ...base,
        label: `era: ${String(info.era ?? '?')}`,
        description: `${String(info.protocolVersion ?? '')}${info.reason ? ` · ${String(info.reason)}` : ''}`,
        icon: 'versions',
      };
    case 'auth':
      return authRow(e, base);
    case 'app':
      // The MCP Apps lane: app ⇄ host bridge messages, beside the tools/call they cause.
      return { ...base, label: clip(e.raw, MAX_LABEL), description: info.toApp === true ? 'host → app' : 'app → host', icon: 'window' };
    case 'stray-source':
      return { ...base, label: 'stray stdout source', description: sourceLabel(e) ?? '', icon: 'warning' };
    case 'model':
      return modelRow(e, base);
    default:
      return { ...base, label: clip(e.raw, MAX_LABEL), description: '', icon: 'info' };
  }
}

type MetaBase = Pick<RowData, 'contextValue' | 'expandable'>;

/** The authorization flow's own lane: each exchange by its step, the failed step in red. */
function authRow(e: TraceEvent, base: MetaBase): RowData {
  const info = e.info ?? {};
  const step = info.auth as { step?: string; method?: string; url?: string; status?: number } | undefined;
  // A start that stopped for the person to sign in is no failure of the server (signInRequired).
  if (!step && info.signInRequired) return { ...base, label: 'sign-in needed', description: clip(e.raw, MAX_LABEL), icon: 'account' };
  if (!step)
    return {
      ...base,
      label: 'authorization failed',
      description: clip(e.raw, MAX_LABEL),
      icon: 'error',
      color: 'problemsErrorIcon.foreground',
    };
  const status = step.status !== undefined ? ` → ${step.status}` : '';
  return {
    ...base,
    label: `auth: ${String(step.step ?? '?')}`,
    description: clip(`${String(step.method ?? '')} ${String(step.url ?? '')}${status}`, MAX_LABEL),
    icon: 'key',
  };
}

/** The icon of each speaker in an eval's conversation. */
const MODEL_ROLE_ICONS: ReadonlyMap<string, string> = new Map([
  ['assistant', 'sparkle'],
  ['tool', 'tools'],
  ['judge', 'law'],
]);

/** An eval's model lane (core/eval/modelTurn.ts): each turn of the conversation beside the calls it caused. */
function modelRow(e: TraceEvent, base: MetaBase): RowData {
  const info = e.info ?? {};
  const role = String(info.role ?? '');
  const prefix = `${String(info.model)} ${String(info.case)} #${String(info.repetition)} ${role}${info.judgeModel ? ` (${String(info.judgeModel)})` : ''}: `;
  const said = e.raw.startsWith(prefix) ? e.raw.slice(prefix.length) : e.raw;
  const who = role === 'assistant' ? 'model' : role === 'tool' ? 'results' : role;
  return {
    ...base,
    label: clip(`${who}: ${said}`, MAX_LABEL),
    description: `${String(info.model)} · ${String(info.case)} #${String(info.repetition)}`,
    icon: info.error ? 'error' : (MODEL_ROLE_ICONS.get(role) ?? 'account'),
    ...(info.error ? { color: 'problemsErrorIcon.foreground' } : {}),
  };
}

function progressText(e: TraceEvent): string {
  const params = (e.msg as { params?: Record<string, unknown> } | undefined)?.params;
  if (
    params &&
    typeof params.status === 'string' &&
    (methodOf(e) === 'notifications/tasks/status' || methodOf(e) === 'notifications/tasks')
  ) {
    return ` · ${params.status}${typeof params.statusMessage === 'string' ? `: ${clip(params.statusMessage, 80)}` : ''}`;
  }
  if (!params || params.progress === undefined) return '';
  return ` · ${String(params.progress)}${params.total !== undefined ? `/${String(params.total)}` : ''}`;
}

/** The user's frame of a stray-source event. */
export function sourceFrame(source: TraceEvent): StackFrame | undefined {
  const stack = source.info?.stack;
  return Array.isArray(stack) ? userFrame(stack as StackFrame[]) : undefined;
}

export function sourceLabel(source: TraceEvent): string | undefined {
  const frame = sourceFrame(source);
  return frame ? `${path.basename(frame.file)}:${frame.line}` : undefined;
}

/** From this many characters a message's size is shown on its row. */
const LARGE_MESSAGE = 64 * 1024;

/**
 * The UTF-8 size of an event's line, counted once: the view refreshes four times a second,
 * and counting a 50 MB line took 150–250 ms of the host's thread each time.
 */
const sizes = new WeakMap<TraceEvent, number>();
function byteSize(e: TraceEvent): number {
  let bytes = sizes.get(e);
  if (bytes === undefined) sizes.set(e, (bytes = Buffer.byteLength(e.raw)));
  return bytes;
}

export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  return bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${bytes} B`;
}

export function clip(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** The children of a JSON value, with a one-line summary of each. */
export interface JsonEntry {
  key: string;
  value: unknown;
}

export const MAX_JSON_CHILDREN = 1000;

export function jsonEntries(value: unknown): JsonEntry[] {
  if (Array.isArray(value)) return value.slice(0, MAX_JSON_CHILDREN).map((v, i) => ({ key: String(i), value: v }));
  if (isRecord(value))
    return Object.entries(value)
      .slice(0, MAX_JSON_CHILDREN)
      .map(([key, v]) => ({ key, value: v }));
  return [];
}

export function jsonSummary(value: unknown): string {
  if (Array.isArray(value)) return `[${value.length}]`;
  if (isRecord(value)) return `{${Object.keys(value).length}}`;
  if (value === undefined) return '(none)';
  // Clipped before it is escaped and scanned: a 50 MiB string must not be copied on every render.
  if (typeof value === 'string' && value.length > 200)
    return `${clip(JSON.stringify(value.slice(0, 200)), 200)} (${value.length} characters)`;
  return clip(JSON.stringify(value), 200);
}

export function hasJsonChildren(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : isRecord(value) && Object.keys(value).length > 0;
}

/** The top-level parts of a row's messages: params, then result or error. */
export function messageParts(node: MessageNode): JsonEntry[] {
  if (node.type === 'exchange') {
    const request = node.request.msg as { params?: unknown };
    const parts: JsonEntry[] = [{ key: 'params', value: request.params }];
    const response = node.response?.msg as { result?: unknown; error?: unknown } | undefined;
    if (response?.error !== undefined) parts.push({ key: 'error', value: response.error });
    else if (response) parts.push({ key: 'result', value: response.result });
    return parts;
  }
  if (node.type === 'notification') return [{ key: 'params', value: (node.event.msg as { params?: unknown }).params }];
  if (node.type === 'response') {
    const response = node.event.msg as { result?: unknown; error?: unknown };
    return [response.error !== undefined ? { key: 'error', value: response.error } : { key: 'result', value: response.result }];
  }
  return [];
}
