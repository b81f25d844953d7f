import { readFile } from 'node:fs/promises';
import { diffLists, type Lists } from '../../core/devloop/listDiff';
import { classifyDiff, countBreaking, describeChange } from '../../core/testing/breaking';
import { parseTraceText } from '../../core/trace/jsonl';
import { isRecord } from '../../core/schema/isRecord';
import type { DiffArgs } from './diffArgs';
import type { Output } from '../output';
import { isRemote, type ServerTarget } from '../serverTarget';
import { summarize } from '../summary';
import { probeLists } from '../../core/probe/listProbe';
import { describeError } from '../../core/session/errors';
import { createClient } from './session';
import { ignoreClosing } from '../../core/util/ignored';

/**
 * `mcp-lens diff OLD NEW`: what changed in a server's tools, resources (templates included)
 * and prompts, each change classified breaking or not by the same rules as the editor's
 * diff after a restart. NEW may be a live server (`diff OLD --url URL`, `diff OLD -- CMD`),
 * listed now as check lists it. Exit 1 per --fail-on; 2 when an input cannot be read or the
 * live server cannot be listed.
 */
export async function runDiff(args: DiffArgs, io: Output): Promise<number> {
  const newSide = args.new;
  const sides = await Promise.all([
    interfaceOf(args.old),
    typeof newSide === 'string' ? interfaceOf(newSide) : liveInterface(newSide, args.timeoutMs),
  ]);
  for (const [i, side] of sides.entries()) {
    if ('error' in side) {
      io.err(`mcp-lens diff: ${i === 0 ? args.old : sideName(newSide)}: ${side.error}`);
      return 2;
    }
  }
  const [before, after] = sides as Lists[];
  const changes = classifyDiff(diffLists(before, after));
  const breaking = countBreaking(changes);
  if (args.json) {
    io.out(JSON.stringify({ breaking, changes }));
  } else if (changes.length === 0) {
    io.out('no changes to tools, resources or prompts');
  } else {
    const s = io.outStyle;
    for (const c of changes) io.out(c.breaking ? s.red(describeChange(c)) : describeChange(c));
    io.out(`\n${changes.length} change${changes.length === 1 ? '' : 's'}, ${breaking ? s.red(`${breaking} breaking`) : '0 breaking'}`);
  }
  if (args.failOn === 'never') return 0;
  return (args.failOn === 'any' ? changes.length : breaking) > 0 ? 1 : 0;
}

/**
 * A `check --json` report (one JSON object with `tools`) or a trace file. A kind counts as
 * listed when the server declared it or listed something: an undeclared empty list on one
 * side is "not offered", which is not compared.
 */
async function interfaceOf(file: string): Promise<Lists | { error: string }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return { error: `cannot read the file: ${(error as Error).message}` };
  }
  const report = parseReport(text);
  const s = report ?? summarize(parseTraceText(text).events);
  if (!report && s.capabilities === null && s.tools.length + s.resources.length + s.prompts.length === 0) {
    return { error: 'neither a `mcp-lens check --json` report nor a trace with an initialize or server/discover answer' };
  }
  return listsOf(s);
}

/** The live server's lists, asked for exactly as `check` asks (so a live NEW compares like a `check --json` one). */
async function liveInterface(server: ServerTarget, timeoutMs: number): Promise<Lists | { error: string }> {
  const client = createClient(server, timeoutMs);
  try {
    await client.connect();
    // A list that failed would read as everything in it removed: no diff rather than a false
    // one. (probeLists also reads the first resource; how that went changes no list.)
    const failures = (await probeLists(client, timeoutMs)).failures.filter((f) => !f.startsWith('resources/read:'));
    if (failures.length) return { error: `could not list the server: ${failures.join('; ')}` };
  } catch (error) {
    return { error: `could not connect to the server: ${describeError(error)}` };
  } finally {
    await ignoreClosing(client.close());
  }
  return listsOf(summarize(client.trace.events));
}

function sideName(side: string | ServerTarget): string {
  if (typeof side === 'string') return side;
  return isRemote(side) ? side.url : [side.command, ...side.args].join(' ');
}

function listsOf(s: Listed): Lists {
  const caps = s.capabilities ?? {};
  const lists: Lists = {};
  if ('tools' in caps || s.tools.length) lists.tools = s.tools;
  if ('resources' in caps || s.resources.length || s.resourceTemplates.length) lists.resources = [...s.resources, ...s.resourceTemplates];
  if ('prompts' in caps || s.prompts.length) lists.prompts = s.prompts;
  return lists;
}

type Listed = {
  capabilities: Record<string, unknown> | null;
  tools: Record<string, unknown>[];
  resources: Record<string, unknown>[];
  resourceTemplates: Record<string, unknown>[];
  prompts: Record<string, unknown>[];
};

function parseReport(text: string): Listed | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined; // a trace has one object per line
  }
  if (!isRecord(value) || !Array.isArray(value.tools)) return undefined;
  const list = (key: string) => (Array.isArray(value[key]) ? (value[key] as unknown[]).filter(isRecord) : []);
  return {
    capabilities: isRecord(value.capabilities) ? value.capabilities : null,
    tools: list('tools'),
    resources: list('resources'),
    resourceTemplates: list('resourceTemplates'),
    prompts: list('prompts'),
  };
}
