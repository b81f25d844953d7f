// Builds TraceEvent arrays by hand for offline rule tests: the lines go through the real
// wire classifier (lineEvent), so a test line is seen exactly as a recorded one would be.
import type { MetaKind, NewTraceEvent, TraceEvent } from '../../../src/core/trace/event';
import type { Diagnostic, RuleId } from '../../../src/core/diagnose/diagnostic';
import { lineEvent } from '../../../src/core/wire/lineEvent';

export class TraceBuilder {
  readonly events: TraceEvent[] = [];

  add(e: NewTraceEvent): number {
    const seq = this.events.length + 1;
    this.events.push({ ...e, seq, t: e.t ?? 1_700_000_000_000 + seq });
    return seq;
  }

  c2s(msg: unknown, extra: Partial<NewTraceEvent> = {}): number {
    return this.add({ ...lineEvent('c2s', typeof msg === 'string' ? msg : JSON.stringify(msg)), ...extra });
  }

  s2c(msg: unknown, extra: Partial<NewTraceEvent> = {}): number {
    return this.add({ ...lineEvent('s2c', typeof msg === 'string' ? msg : JSON.stringify(msg)), ...extra });
  }

  stderr(text: string): number {
    return this.add({ dir: 'stderr', kind: 'log', raw: text });
  }

  meta(kind: MetaKind, info: Record<string, unknown> = {}): number {
    return this.add({ dir: 'meta', kind, raw: kind, info });
  }

  request(id: number | string, method: string, params?: Record<string, unknown>): number {
    return this.c2s({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
  }

  notify(method: string, params?: Record<string, unknown>): number {
    return this.c2s({ jsonrpc: '2.0', method, ...(params ? { params } : {}) });
  }

  result(id: number | string | null, result: Record<string, unknown>): number {
    return this.s2c({ jsonrpc: '2.0', id, result });
  }

  error(id: number | string | null, code: number, message: string, data?: unknown): number {
    return this.s2c({ jsonrpc: '2.0', id, error: data === undefined ? { code, message } : { code, message, data } });
  }

  /** spawned → probe answered -32601 → initialize → result → initialized, as McpClient records a legacy server. */
  legacySession(capabilities: Record<string, unknown> = { tools: {} }, protocolVersion = '2025-11-25'): { initResult: number; discover: number } {
    this.meta('spawned', { pid: 1, command: 'node', args: ['server.mjs'] });
    const discover = this.request(1, 'server/discover', { _meta: modernMeta() });
    this.error(1, -32601, 'Method not found');
    this.meta('era', { era: 'legacy', protocolVersion: '2025-11-25', reason: 'server/discover was answered with error -32601' });
    this.request(2, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcp-lens', version: '0.1.0' } });
    const initResult = this.result(2, { protocolVersion, capabilities, serverInfo: { name: 'fixture', version: '1.0.0' } });
    this.notify('notifications/initialized');
    return { initResult, discover };
  }

  /** spawned → server/discover answered with a DiscoverResult. */
  modernSession(capabilities: Record<string, unknown> = { tools: {} }): { discoverResult: number } {
    this.meta('spawned', { pid: 1, command: 'node', args: ['server.mjs'] });
    this.request(1, 'server/discover', { _meta: modernMeta() });
    const discoverResult = this.result(1, {
      resultType: 'complete',
      supportedVersions: ['2026-07-28'],
      capabilities,
      ttlMs: 60000,
      cacheScope: 'public',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'fixture', version: '1.0.0' } },
    });
    this.meta('era', { era: 'modern', protocolVersion: '2026-07-28', reason: 'server/discover returned a DiscoverResult' });
    return { discoverResult };
  }
}

export function modernMeta(version = '2026-07-28'): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/protocolVersion': version,
    'io.modelcontextprotocol/clientCapabilities': {},
    'io.modelcontextprotocol/clientInfo': { name: 'mcp-lens', version: '0.1.0' },
  };
}

export function only(diagnostics: readonly Diagnostic[], rule: RuleId): Diagnostic[] {
  return diagnostics.filter((d) => d.rule === rule);
}

export function errors(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.filter((d) => d.severity === 'error');
}
