/**
 * What every `eval` run does around the core runner: an eval file read with the server it
 * names (or the one the command line gives instead), the runner's options from the flags,
 * each session's trace written out.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { EVAL_FILE_SUFFIX, parseEvalFile, type EvalFile } from '../../core/eval/evalFile';
import type { EvalModel } from '../../core/eval/model';
import type { EvalRunOptions } from '../../core/eval/runEval';
import type { ClientOptions, HttpServerSpec, ServerSpec } from '../../core/session/client';
import { serverSpecFor } from '../../core/testing/serverSpec';
import type { ServerRef } from '../../core/testing/testFile';
import type { TraceEvent } from '../../core/trace/event';
import { serializeEvent } from '../../core/trace/jsonl';
import type { EvalArgs } from '../commands/evalArgs';
import { clientOptions, clientSpec } from '../commands/session';
import { version } from '../version';

/** The runner's options from the flags; the budget (--max-tokens) is shared by every run of the command. */
export function runOptions(
  args: EvalArgs,
  client: ClientOptions,
  budget: { left: number } | undefined,
  judge: EvalModel | undefined,
): EvalRunOptions {
  return {
    client,
    allowDestructive: args.allowDestructive,
    callTimeoutMs: args.timeoutMs,
    ...(args.repeat ? { repeat: args.repeat } : {}),
    ...(budget ? { budget } : {}),
    ...(judge ? { judge } : {}),
  };
}

export type Loaded =
  { ok: true; file: EvalFile; spec: ServerSpec | HttpServerSpec; options: ClientOptions } | { ok: false; message: string };

export async function loadEvalFile(name: string, args: EvalArgs): Promise<Loaded> {
  let text: string;
  try {
    text = await readFile(name, 'utf8');
  } catch (error) {
    return { ok: false, message: `cannot read the eval file: ${(error as Error).message}` };
  }
  const file = parseEvalFile(path.resolve(name), text);
  if (file.problems.length) return { ok: false, message: file.problems.map((p) => `line ${p.line}: ${p.message}`).join('; ') };
  if (args.server) return { ok: true, file, spec: clientSpec(args.server), options: clientOptions(args.server, args.timeoutMs) };
  const options: ClientOptions = { clientInfo: { name: 'mcp-lens', version }, requestTimeoutMs: args.timeoutMs };
  if (file.server && 'url' in file.server) return { ok: true, file, spec: { url: file.server.url }, options };
  const spec = await serverSpecFor({ path: file.path, server: file.server as ServerRef | undefined, tests: [], problems: [] });
  return spec.ok ? { ok: true, file, spec: spec.spec, options } : { ok: false, message: spec.message };
}

/** One trace file per session: the wire and the model's lane, as `mcp-lens lint` and the editor read them. */
export async function writeTraces(dir: string, file: string, model: string, sessions: readonly TraceEvent[][], side = ''): Promise<void> {
  await mkdir(dir, { recursive: true });
  const base = `${path.basename(file, EVAL_FILE_SUFFIX)}.${model.replace(/[^\w.-]+/g, '_')}${side ? `.${side}` : ''}`;
  for (const [i, events] of sessions.entries()) {
    const suffix = sessions.length > 1 ? `.${i + 1}` : '';
    await writeFile(path.join(dir, `${base}${suffix}.mcptrace.jsonl`), events.map((e) => `${serializeEvent(e)}\n`).join(''));
  }
}
