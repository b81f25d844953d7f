import { readFile } from 'node:fs/promises';
import { recordedRequests, replayRequests, type ReplayOutcome } from '../../core/testing/replay';
import { stableJson } from '../../core/testing/jsonMatch';
import { parseTraceText } from '../../core/trace/jsonl';
import type { ReplayArgs } from './replayArgs';
import type { Output } from '../output';
import { describeError } from '../../core/session/errors';
import { createClient } from './session';
import { ignoreClosing } from '../../core/util/ignored';

/**
 * `mcp-lens replay TRACE -- CMD` (or `--url URL`): the trace's client requests sent again to
 * that server; every answer that differs is printed with the places it differs. Exit 1 on a
 * difference or when the server cannot be started or reached, 2 when the trace cannot be read.
 */
export async function runReplay(args: ReplayArgs, io: Output): Promise<number> {
  let text: string;
  try {
    text = await readFile(args.trace, 'utf8');
  } catch (error) {
    io.err(`mcp-lens replay: cannot read ${args.trace}: ${(error as Error).message}`);
    return 2;
  }
  const { requests, unanswered } = recordedRequests(parseTraceText(text).events);
  const client = createClient(args.server, args.timeoutMs);
  let outcome: ReplayOutcome;
  try {
    await client.connect();
    outcome = await replayRequests(client, requests, unanswered);
  } catch (error) {
    io.err(`mcp-lens replay: could not connect to the server: ${describeError(error)}`);
    return 1;
  } finally {
    await ignoreClosing(client.close());
  }
  if (args.json) {
    io.out(JSON.stringify(outcome));
    return outcome.differences.length ? 1 : 0;
  }
  const s = io.outStyle;
  for (const d of outcome.differences) {
    io.out(s.red(`✗ ${d.label} (trace seq ${d.seq})`));
    for (const m of d.mismatches.slice(0, 10))
      io.out(
        `    ${m.path || '(the whole answer)'}: recorded ${JSON.stringify(m.expected) ?? 'nothing'}, now ${JSON.stringify(m.actual) ?? 'nothing'}`,
      );
    if (d.mismatches.length > 10) io.out(s.dim(`    … and ${d.mismatches.length - 10} more`));
    if (d.mismatches.some((m) => m.path === '')) io.out(s.dim(`    recorded: ${stableJson(d.expected)}\n    now: ${stableJson(d.actual)}`));
  }
  const same = outcome.replayed - outcome.differences.length;
  const skipped = outcome.unanswered
    ? s.dim(`; ${outcome.unanswered} request${outcome.unanswered === 1 ? '' : 's'} had no recorded answer and were not sent`)
    : '';
  io.out(
    `${outcome.replayed} replayed: ${same} same, ${outcome.differences.length ? s.red(`${outcome.differences.length} different`) : '0 different'}${skipped}`,
  );
  return outcome.differences.length ? 1 : 0;
}
