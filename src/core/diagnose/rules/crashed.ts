import type { Rule } from '../rule';
import { describeRequest, quote } from '../describe';
import { exitFacts, exitSentence, exitStatus } from '../exitStory';
import { hintForStderr, retryCanHelp, tellingLine } from '../stderrClues';

/** The process exits mid-session (it had answered before) with requests pending, or with a failure status. */
export const crashed: Rule = {
  id: 'crashed',
  stage: 'transport',
  severity: 'error',
  on: ['meta'],
  onEvent(e, ctx, report) {
    if (e.dir !== 'meta' || e.kind !== 'exited' || ctx.exit) return;
    // Before the first answer it is exited-early; after the client closed stdin, a normal shutdown.
    if (ctx.firstResponseSeq === undefined || ctx.spawnFailedSeq !== undefined || ctx.stdinClosedSeq !== undefined) return;
    const exit = exitFacts(e.info);
    // An open subscriptions/listen stream awaits no answer ("sent only when the server tears the
    // subscription down"): a modern session always has one, which leaves it idle all the same.
    const pending = ctx.pending().filter((r) => r.method !== 'subscriptions/listen');
    const failed = exit.signal !== null || (exit.code !== null && exit.code !== 0);
    if (pending.length === 0 && !failed) return;
    const telling = tellingLine(ctx.stderr.filter((l) => l.seq > (ctx.firstResponseSeq ?? 0)));
    const evidence = [...pending.map((r) => r.seq), e.seq];
    if (telling) evidence.push(telling.seq);
    const what =
      pending.length > 0
        ? `with ${pending.length} request${pending.length === 1 ? '' : 's'} pending: ${pending.slice(0, 5).map(describeRequest).join(', ')}`
        : 'while idle';
    const said = telling ? `; stderr: ${quote(telling.text.trim(), 160)}` : '';
    if (!failed) {
      // A clean exit with requests in flight: the server ended the session itself, the same way every time.
      report({
        message: `The server exited on its own (${exitStatus(exit)}) ${what.replace('pending', 'unanswered')}${said}`,
        evidence,
        hint: 'A stdio server should keep serving until the client closes its stdin ("Servers SHOULD exit promptly when their standard input is closed"), not exit while requests are in flight: they are lost.',
        retry: false,
      });
      return;
    }
    const hint =
      hintForStderr(telling?.text) ??
      'Read the cited stderr lines: an uncaught exception in a handler kills the process. Catch it and answer (isError for a tool, a JSON-RPC error otherwise). In-flight requests are lost; restart the server.';
    report({ message: `The server ${exitSentence(exit, what)}${said}`, evidence, hint, retry: retryCanHelp(telling?.text) });
  },
};
