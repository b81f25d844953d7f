import type { Rule } from '../rule';
import { describeRequest, quote } from '../describe';
import { exitFacts, exitSentence } from '../exitStory';
import { hintForStderr, retryCanHelp, stderrTail, tellingLine } from '../stderrClues';

/** The process exits before answering anything, and not because the client closed its stdin. */
export const exitedEarly: Rule = {
  id: 'exited-early',
  stage: 'transport',
  severity: 'error',
  on: ['meta'],
  onEvent(e, ctx, report) {
    if (e.dir !== 'meta' || e.kind !== 'exited' || ctx.exit) return;
    if (ctx.firstResponseSeq !== undefined || ctx.spawnFailedSeq !== undefined) return;
    const exit = exitFacts(e.info);
    // After the client closed stdin, exiting is what a server should do, unless it failed:
    // a client that gives up on a dying server (EPIPE) closes stdin before the exit is seen.
    const failed = exit.signal === null && exit.code !== null && exit.code !== 0;
    if (ctx.stdinClosedSeq !== undefined && !failed) return;
    const tail = stderrTail(ctx.stderr);
    const telling = tellingLine(ctx.stderr);
    const evidence = [e.seq, ...tail.map((l) => l.seq)];
    if (telling && !evidence.includes(telling.seq)) evidence.splice(1, 0, telling.seq);
    const pending = ctx.pending()[0];
    const waiting = pending ? ` (${describeRequest(pending)} was waiting)` : '';
    const said = telling ? `; stderr: ${quote(telling.text.trim(), 160)}` : '; it wrote nothing to stderr';
    const cleanExit = exit.code === 0 && !exit.signal;
    const hint =
      hintForStderr(telling?.text) ??
      (cleanExit
        ? 'The server ended normally before serving: its main function returned without keeping the stdio transport open (e.g. a missing `await server.connect(transport)` or `mcp.run()`).'
        : 'Run the same command in a terminal to see the whole error; a stdio server must keep running and read requests from stdin.');
    // A clean exit before serving is the code's doing; it ends the same way every time.
    const retry = !cleanExit && retryCanHelp(telling?.text);
    report({ message: `The server ${exitSentence(exit, `before answering its first request${waiting}`)}${said}`, evidence, hint, retry });
  },
};
