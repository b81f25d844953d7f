import { diagnose } from '../../core/diagnose/engine';
import { evidence, exchange } from '../../core/probe/exchange';
import { recordSkillFileMismatch } from '../../core/probe/skills';
import { ProtocolError, type McpClient } from '../../core/session/client';
import { getSkill, listSkills } from '../../core/skills/listing';
import { SKILLS_EXTENSION, skillsDeclaration } from '../../core/skills/protocol';
import { checkSkillFile } from '../../core/skills/skillFile';
import { terminalText } from '../../core/text';
import type { SkillArgs } from './skillArgs';
import { diagnosticLines } from '../diagnosticLines';
import { failsOn } from '../failOn';
import type { Output } from '../output';
import { buildReport } from '../report';
import { describeError } from '../../core/session/errors';
import { createClient } from './session';
import { ignoreClosing } from '../../core/util/ignored';

/**
 * `mcp-lens skill [URI]`: the MCP Skills extension from a terminal. Without a URI, the skills
 * the server lists (skills/list, every page); with one, that skill as a host loads it: its
 * entry (from the listing, else skills/get), then its SKILL.md through resources/read, verified against the entry (size,
 * digest, frontmatter: SEP-2640 "Integrity and Verification") before a byte is printed. A file
 * that fails is not printed ("hosts MUST NOT use the unverified content"): skill-file-mismatch.
 */
export async function runSkill(args: SkillArgs, io: Output): Promise<number> {
  const client = createClient(args.server, args.timeoutMs);
  let outcome: SkillOutcome;
  try {
    const info = await client.connect();
    if (!skillsDeclaration(info.capabilities))
      outcome = problem(
        `the server does not declare the ${SKILLS_EXTENSION} extension, so it serves no skills (clients call skills/list and skills/get only on its declaration)`,
      );
    else outcome = args.uri === undefined ? await listing(client, io) : await loadSkill(client, args.uri, args.timeoutMs, io);
  } catch (error) {
    outcome = problem(
      error instanceof ProtocolError
        ? `${error.method ?? 'the request'} failed with error ${error.code}: ${terminalText(error.message)}`
        : describeError(error),
    );
  } finally {
    await ignoreClosing(client.close());
  }
  const { value, say, problems } = outcome;
  const events = client.trace.events;
  const diagnostics = diagnose(events);
  const failed = outcome.failed || failsOn(diagnostics, args.failOn);
  if (args.json) io.out(JSON.stringify(buildReport(args.server, events, diagnostics, value === undefined ? undefined : { value })));
  else {
    for (const line of say) io.out(line);
    for (const line of problems) io.err(io.errStyle.red(line));
    if (diagnostics.length) io.err(diagnosticLines(diagnostics, io.errStyle).join('\n'));
  }
  return failed ? 1 : 0;
}

/** What a run found: the JSON report's value, stdout's lines (the listing or the verified SKILL.md), stderr's (why there is none). */
interface SkillOutcome {
  value?: unknown;
  say: string[];
  problems: string[];
  failed: boolean;
}

const problem = (text: string): SkillOutcome => ({ say: [], problems: [text], failed: true });

/** The skills the server lists (skills/list, every page). */
async function listing(client: McpClient, io: Output): Promise<SkillOutcome> {
  const listed = await listSkills(client);
  const say = listed.skills.map(
    (skill) =>
      `${terminalText(skill.frontmatter.name)}  ${io.outStyle.dim(terminalText(skill.uri))}\n    ${terminalText(skill.frontmatter.description)}`,
  );
  if (listed.entries.length === 0) say.push(io.outStyle.dim('(the server lists no skills; a skill can still be read by its URI)'));
  if (listed.invalid)
    say.push(io.outStyle.dim(`${listed.invalid} invalid entr${listed.invalid === 1 ? 'y' : 'ies'} not shown (see skill-entry-invalid)`));
  return { value: { skills: listed.entries }, say, problems: [], failed: false };
}

/** One skill as a host loads it: its entry, then its SKILL.md through resources/read, printed only once verified. */
async function loadSkill(client: McpClient, uri: string, timeoutMs: number, io: Output): Promise<SkillOutcome> {
  // The listing's entry is the one a host holds ("A host does not need to call skills/get to
  // complete a listed entry"); a skill the listing leaves out is confirmed with skills/get.
  const listed = (await listSkills(client)).skills.find((s) => s.uri === uri);
  const got = listed ? { skill: listed } : await getSkill(client, uri);
  if ('faults' in got)
    return {
      value: { skill: got.result.skill },
      ...problem(
        `skills/get of ${terminalText(uri)} returned no valid entry, so there is nothing to verify its SKILL.md against: ${got.faults.map((f) => terminalText(f)).join('; ')}`,
      ),
    };
  const read = await exchange({ client, timeoutMs }, 'resources/read', { uri: got.skill.uri });
  const seqs = evidence(read.responseSeq, read.requestSeq);
  const file =
    'error' in read
      ? { missing: `resources/read of ${got.skill.uri} failed with error ${read.error.code} "${read.error.message}"` }
      : checkSkillFile(got.skill, read.result.contents);
  const faults = 'missing' in file ? [file.missing] : file.faults;
  if (faults.length) recordSkillFileMismatch(client.trace, `${got.skill.uri} cannot be loaded: ${faults.join('; ')}`, seqs);
  const verified = 'text' in file && faults.length === 0;
  const value = {
    skill: got.skill,
    file: {
      verified: faults.length === 0,
      digestChecked: 'text' in file ? file.digestChecked : false,
      faults,
      ...(verified ? { text: file.text } : {}),
    },
  };
  if (!verified) return { value, say: [], problems: [], failed: faults.length > 0 };
  if (!file.digestChecked)
    io.err(io.errStyle.yellow(`${terminalText(got.skill.uri)}: "resources": "dynamic", so only the frontmatter could be verified`));
  return { value, say: [terminalText(file.text, { keepLines: true })], problems: [], failed: false };
}
