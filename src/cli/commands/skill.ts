import { diagnose } from '../../core/diagnose/engine';
import { evidence, exchange } from '../../core/probe/exchange';
import { recordSkillFileMismatch } from '../../core/probe/skills';
import { ProtocolError } from '../../core/session/client';
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
  /** stdout: the listing or the verified SKILL.md; stderr: why there is none. */
  const say: string[] = [];
  const problems: string[] = [];
  let failed = false;
  let value: unknown;
  try {
    const info = await client.connect();
    if (!skillsDeclaration(info.capabilities)) {
      failed = true;
      problems.push(
        `the server does not declare the ${SKILLS_EXTENSION} extension, so it serves no skills (clients call skills/list and skills/get only on its declaration)`,
      );
    } else if (args.uri === undefined) {
      const listing = await listSkills(client);
      value = { skills: listing.entries };
      for (const skill of listing.skills)
        say.push(
          `${terminalText(skill.frontmatter.name)}  ${io.outStyle.dim(terminalText(skill.uri))}\n    ${terminalText(skill.frontmatter.description)}`,
        );
      if (listing.entries.length === 0) say.push(io.outStyle.dim('(the server lists no skills; a skill can still be read by its URI)'));
      if (listing.invalid)
        say.push(
          io.outStyle.dim(`${listing.invalid} invalid entr${listing.invalid === 1 ? 'y' : 'ies'} not shown (see skill-entry-invalid)`),
        );
    } else {
      // The listing's entry is the one a host holds ("A host does not need to call skills/get to
      // complete a listed entry"); a skill the listing leaves out is confirmed with skills/get.
      const listed = (await listSkills(client)).skills.find((s) => s.uri === args.uri);
      const got = listed ? { skill: listed } : await getSkill(client, args.uri);
      if ('faults' in got) {
        failed = true;
        value = { skill: got.result.skill };
        problems.push(
          `skills/get of ${terminalText(args.uri)} returned no valid entry, so there is nothing to verify its SKILL.md against: ${got.faults.map((f) => terminalText(f)).join('; ')}`,
        );
      } else {
        const read = await exchange({ client, timeoutMs: args.timeoutMs }, 'resources/read', { uri: got.skill.uri });
        const seqs = evidence(read.responseSeq, read.requestSeq);
        const file =
          'error' in read
            ? { missing: `resources/read of ${got.skill.uri} failed with error ${read.error.code} "${read.error.message}"` }
            : checkSkillFile(got.skill, read.result.contents);
        const faults = 'missing' in file ? [file.missing] : file.faults;
        if (faults.length) {
          failed = true;
          recordSkillFileMismatch(client.trace, `${got.skill.uri} cannot be loaded: ${faults.join('; ')}`, seqs);
        }
        value = {
          skill: got.skill,
          file: {
            verified: faults.length === 0,
            digestChecked: 'text' in file ? file.digestChecked : false,
            faults,
            ...('text' in file && faults.length === 0 ? { text: file.text } : {}),
          },
        };
        if ('text' in file && faults.length === 0) {
          if (!file.digestChecked)
            io.err(io.errStyle.yellow(`${terminalText(got.skill.uri)}: "resources": "dynamic", so only the frontmatter could be verified`));
          say.push(terminalText(file.text, { keepLines: true }));
        }
      }
    }
  } catch (error) {
    failed = true;
    problems.push(
      error instanceof ProtocolError
        ? `${error.method ?? 'the request'} failed with error ${error.code}: ${terminalText(error.message)}`
        : describeError(error),
    );
  } finally {
    await ignoreClosing(client.close());
  }
  const events = client.trace.events;
  const diagnostics = diagnose(events);
  failed ||= failsOn(diagnostics, args.failOn);
  if (args.json) io.out(JSON.stringify(buildReport(args.server, events, diagnostics, value === undefined ? undefined : { value })));
  else {
    for (const line of say) io.out(line);
    for (const line of problems) io.err(io.errStyle.red(line));
    if (diagnostics.length) io.err(diagnosticLines(diagnostics, io.errStyle).join('\n'));
  }
  return failed ? 1 : 0;
}
