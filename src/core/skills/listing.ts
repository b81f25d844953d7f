/**
 * The client side of the MCP Skills extension: `skills/list` followed page by page and
 * `skills/get` (ext-skills skills.mdx, "Listing Skills", "Getting a Skill"). A listing is
 * enumeration only: no skill file is read here ("Hosts MUST NOT retrieve a skill's files
 * ahead of need, whether on connection, on listing, or at approval").
 */
import type { McpClient, RequestOptions } from '../session/client';
import { isRecord } from '../schema/isRecord';
import { entryFaults } from './entryFaults';
import { SKILLS_GET, SKILLS_LIST } from './protocol';
import { SkillSchema, type Skill } from './schema';

/** Pages followed before a listing is taken for one that never ends (the conformance suite stops at 50 too). */
export const MAX_SKILL_PAGES = 50;

export interface SkillListing {
  /** Every entry as sent, in order. */
  entries: unknown[];
  /** The entries that are valid Skill entries (what a host may show and load). */
  skills: Skill[];
  /** How many entries were not (skill-entry-invalid says why, from the trace). */
  invalid: number;
  pages: number;
  /** URIs listed on more than one page: "An entry is atomic, and a skill's resources set is never split across pages." */
  split: { uri: string; pages: number[] }[];
  /** Why following the cursors stopped before the end, when it did. */
  endless?: string;
}

/**
 * Every page of `skills/list`: "when the result includes nextCursor the client passes it back";
 * a missing one ends the listing (an empty string is a cursor). Stops at a cursor seen before
 * or after MAX_SKILL_PAGES pages, saying so in `endless`.
 */
export async function listSkills(client: McpClient, opts?: RequestOptions): Promise<SkillListing> {
  const entries: unknown[] = [];
  const pagesOf = new Map<string, number[]>();
  const seen = new Set<string>();
  let cursor: string | undefined;
  let endless: string | undefined;
  let pages = 0;
  for (;;) {
    const result = await client.request(SKILLS_LIST, cursor === undefined ? {} : { cursor }, opts);
    pages++;
    const page = Array.isArray(result.skills) ? (result.skills as unknown[]) : [];
    entries.push(...page);
    for (const entry of page) {
      if (!isRecord(entry) || typeof entry.uri !== 'string') continue;
      const on = pagesOf.get(entry.uri) ?? [];
      if (!on.includes(pages)) pagesOf.set(entry.uri, [...on, pages]);
    }
    const next = result.nextCursor;
    if (typeof next !== 'string') break;
    if (seen.has(next)) {
      endless = `the cursor ${JSON.stringify(next)} came back a second time`;
      break;
    }
    if (pages >= MAX_SKILL_PAGES) {
      endless = `it still returned a nextCursor after ${MAX_SKILL_PAGES} pages`;
      break;
    }
    seen.add(next);
    cursor = next;
  }
  const skills = entries.map((e) => SkillSchema.safeParse(e)).flatMap((r) => (r.success ? [r.data] : []));
  const split = [...pagesOf].filter(([, on]) => on.length > 1).map(([uri, on]) => ({ uri, pages: on }));
  return { entries, skills, invalid: entries.length - skills.length, pages, split, ...(endless ? { endless } : {}) };
}

/** `skills/get` for one SKILL.md URI: the entry when it is a valid one, with what is wrong with it otherwise. */
export async function getSkill(
  client: McpClient,
  uri: string,
  opts?: RequestOptions,
): Promise<{ skill: Skill; result: Record<string, unknown> } | { faults: string[]; result: Record<string, unknown> }> {
  const result = await client.request(SKILLS_GET, { uri }, opts);
  const parsed = SkillSchema.safeParse(result.skill);
  if (parsed.success && parsed.data.uri === uri) return { skill: parsed.data, result };
  const faults = entryFaults(result.skill, 'skill')
    .filter((f) => f.severity === 'error')
    .map((f) => f.text);
  if (parsed.success) faults.push(`skill.uri ${JSON.stringify(parsed.data.uri)} is not the uri asked for, ${uri}`);
  return { faults, result };
}
