import type { TraceEvent } from '../../trace/event';
import type { DiagnoseContext, RequestRecord } from '../context';
import { S2C_MESSAGES, type Rule } from '../rule';
import { hasSchema, validateMessage } from '../../schema/officialSchema';
import { surelyValidNotification } from '../../schema/knownShapes';
import { ValidatorWarmup } from '../validatorWarmup';
import { isRequest, isResponse } from '../../wire/message';
import { describeMessage } from '../envelope';
import { MODERN_META, isModernVersion } from '../versions';

/** The request a response answers (client requests for server responses, and vice versa). */
function answered(e: TraceEvent, ctx: DiagnoseContext): RequestRecord | undefined {
  if (!isResponse(e.msg) || e.msg.id === null || e.msg.id === undefined) return undefined;
  return e.dir === 's2c' ? ctx.requestFor(e.msg.id) : [...ctx.serverRequests.values()].find((r) => r.id === (e.msg as { id: unknown }).id);
}

/** The version whose schema applies: what the message itself names, else what its request named, else the session's. */
function versionFor(e: TraceEvent, ctx: DiagnoseContext, r: RequestRecord | undefined): string | undefined {
  if (isRequest(e.msg)) {
    const params = e.msg.params;
    const modern = (params?._meta as Record<string, unknown> | undefined)?.[MODERN_META.protocolVersion];
    if (typeof modern === 'string') return modern;
    if (e.msg.method === 'initialize' && typeof params?.protocolVersion === 'string') return params.protocolVersion;
  }
  if (r?.method === 'initialize' && isResponse(e.msg)) {
    const chosen = e.msg.result?.protocolVersion;
    return typeof chosen === 'string' && hasSchema(chosen) ? chosen : r.version;
  }
  return r?.version ?? ctx.protocolVersion;
}

const RESULT_TYPES = new Set(['complete', 'input_required']);

/** 2026-07-28 rules the JSON Schema cannot express. */
function modernRules(e: TraceEvent, version: string): { message: string; hint: string } | undefined {
  if (!isModernVersion(version) || e.dir !== 's2c') return undefined;
  if (isRequest(e.msg)) {
    return {
      message: `The server sent the request ${e.msg.method} (id ${JSON.stringify(e.msg.id)}); in ${version} "The server MUST NOT write JSON-RPC requests to stdout"`,
      hint: 'Ask the client through an InputRequiredResult (resultType "input_required") on the request being served instead of a server→client request.',
    };
  }
  const resultType = isResponse(e.msg) ? e.msg.result?.resultType : undefined;
  // "task" (the tasks extension's CreateTaskResult) is judged by the task-* rules.
  if (resultType !== undefined && resultType !== 'task' && !RESULT_TYPES.has(String(resultType))) {
    return {
      message: `The server's ${describeMessage(e)} has resultType ${JSON.stringify(resultType)}; an unrecognised resultType "MUST be considered invalid" (${version})`,
      hint: 'Use resultType "complete" for a finished result (or "input_required" to ask the client for input).',
    };
  }
  return undefined;
}

export const schemaViolation: Rule = {
  id: 'schema-violation',
  stage: 'envelope',
  // stdio: "MUST NOT write anything … that is not a valid MCP message"; the official schema says what is valid.
  severity: 'error',
  on: ['c2s-request', 'c2s-response', 'c2s-notification', ...S2C_MESSAGES, 'meta'],
  onEvent(e, ctx, report) {
    // The era is settled at connect time, before any burst: its validators are compiled at the
    // session's first idle moment after it (a server's notifications are no work in flight).
    if (e.dir !== 's2c' || isResponse(e.msg)) ctx.stateOf('schema-violation:warmup', () => new ValidatorWarmup()).see(e);
    if (e.dir === 'meta') return;
    const msg = e.msg;
    if ((e.dir !== 's2c' && e.dir !== 'c2s') || !msg) return;
    // A log or progress line of the usual shape is valid in every version and no request's
    // answer (validateMessage would say so): a flood of them stops here, once per line.
    if (surelyValidNotification(msg as unknown as Record<string, unknown>) !== undefined) return;
    // Faults the envelope rules name more precisely.
    if (('id' in msg && msg.id === null) || ('result' in msg && 'error' in msg)) return;
    const r = answered(e, ctx);
    // A legacy server's reply to the server/discover probe is its business, not the 2026 schema's.
    if (r?.method === 'server/discover' && isResponse(e.msg) && !Array.isArray(e.msg.result?.supportedVersions)) return;
    const version = versionFor(e, ctx, r);
    if (!version || !hasSchema(version)) return;
    const beyond = modernRules(e, version);
    if (beyond) {
      report({ message: beyond.message, evidence: [e.seq], hint: beyond.hint });
      return;
    }
    // The tasks extension's shapes are not in the official schema (taskShapes.ts judges them).
    if (isResponse(e.msg) && e.msg.result?.resultType === 'task') return;
    const outcome = validateMessage(e.msg, e.dir, version, r?.method, r?.params);
    if (outcome.valid) return;
    const detail = outcome.errors.map((x) => `${x.path || '(message)'} ${x.message}`).join('; ');
    const who = e.dir === 's2c' ? 'server' : 'client';
    report({
      message: `The ${who}'s ${describeMessage(e)} does not match ${outcome.definition} of the ${version} schema: ${detail}`,
      evidence: [e.seq],
      hint: `Fix ${outcome.errors[0]?.path || 'the message'} to match the official schema (modelcontextprotocol schema/${version}/schema.json, definition ${outcome.definition}).`,
    });
  },
};
