import type { TraceEvent } from '../../trace/event';
import { recordVerdict, type Probe, type ProbeContext } from '../probe';
import { probeExchange } from './exchange';
import { closeProbeSession, legacyHeaders, openProbeSession, harmlessRequest, statusOf } from './probeSession';

/** How long a resumed stream is read for what it replays: a server MAY replay nothing, and the stream then stays open. */
const REPLAY_WAIT_MS = 2000;

/**
 * "If the client wishes to resume after a broken connection, it SHOULD issue an HTTP GET to
 * the MCP endpoint, and include the Last-Event-ID header to indicate the last event ID it
 * received. The server MAY use this header to replay messages that would have been sent after
 * the last event ID, on the stream that was disconnected, and to resume the stream from that
 * point." A server that assigns event ids offers this; a resumption it then refuses, or one
 * that replays what the client said it had, is the finding. Replaying nothing is allowed.
 */
export const resumeProbe: Probe = {
  id: 'resume',
  title: 'a stream with event ids resumes with Last-Event-ID',
  skip(ctx) {
    if (!ctx.http) return 'stdio has no event streams to resume';
    if (ctx.info.era === 'modern')
      return `${ctx.info.protocolVersion} Streamable HTTP has no GET stream to resume on: the revision removed it`;
    if (!ctx.client.trace.events.some(hasEventId))
      return 'the server sent no SSE event ids, so its streams cannot be resumed with Last-Event-ID';
    return undefined;
  },
  async run(ctx) {
    const session = await openProbeSession(ctx, 'resume');
    try {
      await resumeAfterFirstEvent(ctx, session?.id);
    } finally {
      if (session) await closeProbeSession(ctx, 'resume', session);
    }
  },
};

function hasEventId(e: TraceEvent): boolean {
  const http = e.info?.http as { eventId?: unknown } | undefined;
  return e.dir === 's2c' && typeof http?.eventId === 'string';
}

/** A ping answered as SSE gives the ids; the stream is then resumed after its first event, so the rest may be replayed. */
async function resumeAfterFirstEvent(ctx: ProbeContext, session: string | undefined): Promise<void> {
  const ping = await probeExchange(ctx, 'resume', ctx.http!.url, { method: 'POST', ...harmlessRequest(ctx, 'resume', session) });
  const withIds = ping.events.filter((e) => e.id !== undefined);
  // An answer as JSON, or a stream without ids this time: nothing to resume.
  if (withIds.length === 0) return;
  const lastEventId = withIds[0].id!;
  const resumed = await probeExchange(ctx, 'resume', ctx.http!.url, {
    method: 'GET',
    headers: { ...legacyHeaders(ctx, session), Accept: 'text/event-stream', 'Last-Event-ID': lastEventId },
    enough: (events) => events.some((e) => e.data !== ''),
    timeoutMs: REPLAY_WAIT_MS,
  });
  if (resumed.status === undefined) return;
  const type = resumed.headers['content-type'] ?? '';
  const sse = resumed.status >= 200 && resumed.status < 300 && type.toLowerCase().startsWith('text/event-stream');
  const evidence = [ping.seq, resumed.seq];
  if (!sse) {
    recordVerdict(ctx.client.trace, 'resume', {
      rule: 'resume-failed',
      message: `GET with Last-Event-ID: ${lastEventId} (an id the server sent on its answer to a ping) was answered ${statusOf(resumed)}${type ? ` (${type.split(';')[0]})` : ''} instead of resuming the stream.`,
      hint: 'A server that puts ids on its SSE events should resume after them: answer GET with Last-Event-ID with a text/event-stream that replays the messages sent after that event.',
      evidence,
    });
    return;
  }
  const repeated = resumed.events.find((e) => e.id === lastEventId);
  if (!repeated) return;
  recordVerdict(ctx.client.trace, 'resume', {
    rule: 'resume-failed',
    message: `GET with Last-Event-ID: ${lastEventId} replayed event ${lastEventId} itself: the client said it had received it; only the messages after it are to be replayed.`,
    hint: 'Replay only the events after the one Last-Event-ID names.',
    evidence,
  });
}
