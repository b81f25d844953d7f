import { isRecord } from '../../schema/isRecord';
import { entryFaults, listingFaults, type SkillFault } from '../../skills/entryFaults';
import { SKILLS_GET, SKILLS_LIST } from '../../skills/protocol';
import { onFirstAnswer } from '../answer';
import { describeRequest } from '../describe';
import type { Rule } from '../rule';

/** Faults named in one finding; the rest are counted. */
const SHOWN = 5;

/**
 * Every skills/list and skills/get answer against the Skill entry of the MCP Skills extension
 * (ext-skills skills.mdx, "Skill Entries"; src/core/skills/entryFaults.ts): a broken MUST is an
 * error, a broken SHOULD (skill:// scheme, limits, reserved metadata keys, unique names) a
 * warning. skills/get also: "The skill object is a Skill entry" for the URI asked, and "The
 * result carries no pagination cursor". Live, in `check` and in `lint` alike.
 */
export const skillEntryInvalid: Rule = {
  id: 'skill-entry-invalid',
  stage: 'envelope',
  severity: 'error',
  on: ['s2c-response'],
  onEvent: onFirstAnswer(({ request: r, response: msg }, e, ctx, report) => {
    const result = msg.result;
    if ((r.method !== SKILLS_LIST && r.method !== SKILLS_GET) || result === undefined || result.resultType === 'input_required') return;
    const faults: SkillFault[] = [];
    if (r.method === SKILLS_LIST) {
      if (!Array.isArray(result.skills))
        faults.push({ severity: 'error', text: `the result has ${result.skills === undefined ? 'no' : 'a non-array'} "skills"` });
      else {
        const skills = result.skills as unknown[];
        skills.forEach((entry, i) => faults.push(...entryFaults(entry, whereOf(entry, i))));
        faults.push(...listingFaults(skills));
      }
    } else {
      const asked = r.params?.uri;
      faults.push(...entryFaults(result.skill, whereOf(result.skill, undefined)));
      if (isRecord(result.skill) && typeof result.skill.uri === 'string' && result.skill.uri !== asked)
        faults.push({
          severity: 'error',
          text: `skill.uri ${JSON.stringify(result.skill.uri)} is not the uri asked for, ${JSON.stringify(asked)}`,
        });
      if (result.nextCursor !== undefined)
        faults.push({
          severity: 'error',
          text: `the result carries nextCursor ${JSON.stringify(result.nextCursor)}: a single entry is not a list`,
        });
    }
    // A listing asked again (check lists, then its skills probe does) says the same: each fault once a session.
    const told = ctx.stateOf('skill-entry-invalid', () => new Set<string>());
    const fresh = faults.filter((f) => !told.has(`${r.method} ${f.text}`));
    for (const f of fresh) told.add(`${r.method} ${f.text}`);
    for (const severity of ['error', 'warning'] as const) {
      const these = fresh.filter((f) => f.severity === severity).map((f) => f.text);
      if (these.length === 0) continue;
      const more = these.length > SHOWN ? ` (and ${these.length - SHOWN} more)` : '';
      report({
        message: `${describeRequest(r)} ${severity === 'error' ? 'breaks' : 'goes against advice of'} the Skills extension: ${these.slice(0, SHOWN).join('; ')}${more}`,
        evidence: [e.seq, r.seq],
        hint:
          severity === 'error'
            ? 'Each entry is {uri of SKILL.md, frontmatter with name and description, resources: every file once as {uri, digest "sha256:<64 lowercase hex>", size} or "dynamic"}, its URI ending in /<name>/SKILL.md (SEP-2640, Skill Entries); hosts MUST NOT load an invalid one.'
            : 'These are SHOULDs of SEP-2640: serve skills under skill://, keep a skill within 512 files and 16 MiB, give each skill its own name, leave the io.modelcontextprotocol/ metadata prefix alone.',
        severity,
        group: severity,
      });
    }
  }),
};

function whereOf(entry: unknown, i: number | undefined): string {
  return isRecord(entry) && typeof entry.uri === 'string' ? entry.uri : i === undefined ? 'skill' : `skills[${i}]`;
}
