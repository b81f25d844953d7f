/**
 * Replaying a recorded session against a rebuilt server: the client's requests, in their
 * order, each answered before the next is sent; every answer compared with the recorded
 * one. What cannot mean a change is left out of the comparison: ids, `_meta`, and
 * timestamps (ISO 8601 strings).
 */
import type { McpClient } from '../session/client';
import { ProtocolError } from '../session/client';
import type { TraceEvent } from '../trace/event';
import { isRecord } from '../schema/isRecord';
import { isRequest, isResponse } from '../wire/message';
import { compareJson, withoutMeta, type Mismatch } from './jsonMatch';
import { isProbeRequestId } from '../probe/requestId';

/** The handshake is the replaying client's own business (it may even be another era). */
const HANDSHAKE = new Set(['initialize', 'server/discover']);

export interface RecordedRequest {
  seq: number;
  method: string;
  params: Record<string, unknown> | undefined;
  /** The recorded answer: `{result}` or `{error: {code, message, data}}`. */
  answer: Answer;
}

export type Answer = { result: unknown } | { error: { code: number; message: string; data?: unknown } };

export interface ReplayDifference {
  seq: number;
  method: string;
  /** `tools/call get_forecast`, for people. */
  label: string;
  mismatches: Mismatch[];
  expected: Answer;
  actual: Answer;
}

export interface ReplayOutcome {
  replayed: number;
  /** Requests the trace holds no answer for (cut off by the recording's end): not sent. */
  unanswered: number;
  differences: ReplayDifference[];
}

/** The client's requests of a trace that were answered, paired with their answers by id. */
export function recordedRequests(events: readonly TraceEvent[]): { requests: RecordedRequest[]; unanswered: number } {
  const answers = new Map<string, Answer>();
  for (const e of events) {
    if (e.dir !== 's2c' || !isResponse(e.msg)) continue;
    const key = String(e.msg.id);
    if (answers.has(key)) continue;
    answers.set(
      key,
      e.msg.error
        ? {
            error: {
              code: e.msg.error.code,
              message: e.msg.error.message,
              ...(e.msg.error.data !== undefined ? { data: e.msg.error.data } : {}),
            },
          }
        : { result: e.msg.result },
    );
  }
  const requests: RecordedRequest[] = [];
  let unanswered = 0;
  for (const e of events) {
    // A probe's raw request is malformed on purpose, and replaying sends a well-formed one instead.
    if (e.dir !== 'c2s' || !isRequest(e.msg) || HANDSHAKE.has(e.msg.method) || isProbeRequestId(e.msg.id)) continue;
    const answer = answers.get(String(e.msg.id));
    if (!answer) {
      unanswered++;
      continue;
    }
    const params = isRecord(e.msg.params) ? (withoutMeta(e.msg.params) as Record<string, unknown>) : undefined;
    requests.push({ seq: e.seq, method: e.msg.method, params, answer });
  }
  return { requests, unanswered };
}

/** Sends each request to a connected client and compares the answers. */
export async function replayRequests(client: McpClient, requests: readonly RecordedRequest[], unanswered = 0): Promise<ReplayOutcome> {
  const differences: ReplayDifference[] = [];
  for (const r of requests) {
    const actual = await answerOf(client, r);
    const mismatches = compareJson(normalise(r.answer), normalise(actual), 'equal');
    if (mismatches.length) differences.push({ seq: r.seq, method: r.method, label: labelOf(r), mismatches, expected: r.answer, actual });
  }
  return { replayed: requests.length, unanswered, differences };
}

async function answerOf(client: McpClient, r: RecordedRequest): Promise<Answer> {
  try {
    return { result: await client.request(r.method, r.params) };
  } catch (error) {
    if (error instanceof ProtocolError)
      return { error: { code: error.code, message: error.message, ...(error.data !== undefined ? { data: error.data } : {}) } };
    // No answer at all (timeout, crash) differs from any recorded answer; say what happened.
    return { error: { code: 0, message: `no answer: ${error instanceof Error ? error.message : String(error)}` } };
  }
}

function labelOf(r: RecordedRequest): string {
  const name = r.params?.name ?? r.params?.uri;
  return typeof name === 'string' ? `${r.method} ${name}` : r.method;
}

// 2026-12-02T01:14:16.206Z, 2026-12-02 01:14:16+01:00
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

function normalise(value: unknown): unknown {
  const clean = withoutMeta(value);
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string' && TIMESTAMP.test(v)) return '<timestamp>';
    if (Array.isArray(v)) return v.map(walk);
    if (isRecord(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(clean);
}
