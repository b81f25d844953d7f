import type { DiagnoseContext } from '../context';
import type { Report, Rule } from '../rule';
import { describeRequest } from '../describe';

function looksLikePython(ctx: DiagnoseContext): boolean {
  const cmd = [ctx.spawned?.command ?? '', ...(ctx.spawned?.args ?? [])].join(' ');
  return /(^|[/\s])(python[\d.]*|uvx?|pipx|poetry|hatch|pdm)(\s|$)|\.py(\s|$)/.test(cmd);
}

function fire(ctx: DiagnoseContext, report: Report, timeout?: { seq: number; method?: unknown; afterMs?: unknown }): void {
  const timeoutSeq = timeout?.seq;
  const first = [...ctx.requests.values()][0];
  const evidence = [first?.seq, ...ctx.timeouts.map((t) => t.seq), timeoutSeq].filter((s): s is number => s !== undefined);
  const hint = looksLikePython(ctx)
    ? 'Python block-buffers stdout when it is a pipe: run it with `python -u` or set PYTHONUNBUFFERED=1 (or print(..., flush=True)). Also check it speaks stdio and reads stdin.'
    : 'Check that the server speaks stdio (not HTTP/SSE), reads requests from stdin and writes each response as one line to stdout, flushed; a server waiting for a TTY, a prompt or configuration never answers.';
  report({
    message: `The server wrote nothing to stdout${first ? ` after ${describeRequest(first)}` : ''}${
      timeout && typeof timeout.afterMs === 'number'
        ? `; ${String(timeout.method ?? 'a request')} timed out after ${timeout.afterMs} ms`
        : ''
    }`,
    evidence: [...new Set(evidence)],
    hint,
  });
}

/** Not one stdout byte before a timeout. The server/discover probe alone does not count: legacy servers may ignore it. */
export const noResponse: Rule = {
  id: 'no-response',
  stage: 'transport',
  severity: 'error',
  on: ['meta'],
  onEvent(e, ctx, report) {
    // Over HTTP there is no stdout: a request unanswered in time is timeout's, an HTTP failure the http rules'.
    if (e.dir !== 'meta' || e.kind !== 'timeout' || ctx.firstS2cSeq !== undefined || ctx.httpSeq !== undefined) return;
    const state = ctx.stateOf('no-response', () => ({ fired: false }));
    const request = ctx.requestFor(e.info?.id);
    if (state.fired || (request && request === ctx.discover)) return;
    state.fired = true;
    fire(ctx, report, { seq: e.seq, method: e.info?.method, afterMs: e.info?.afterMs });
  },
  onEnd(ctx, report) {
    const state = ctx.stateOf('no-response', () => ({ fired: false }));
    if (
      state.fired ||
      ctx.firstS2cSeq !== undefined ||
      ctx.requests.size === 0 ||
      ctx.spawnFailedSeq !== undefined ||
      ctx.httpSeq !== undefined
    )
      return;
    // A server that died on its own is exited-early's to explain.
    if (ctx.fired.has('exited-early')) return;
    if (ctx.exit && (ctx.stdinClosedSeq === undefined || ctx.exit.seq < ctx.stdinClosedSeq)) return;
    state.fired = true;
    fire(ctx, report);
  },
};
