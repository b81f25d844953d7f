/**
 * A skill's SKILL.md as read with resources/read, checked against the skill's entry the way the
 * spec asks a host to before using it (ext-skills skills.mdx, "Integrity and Verification"):
 * "it MUST verify the content against that entry's digest and size", and "hosts MUST parse its
 * YAML frontmatter and compare it field-by-field against the entry's frontmatter". The file
 * itself "MUST begin with YAML frontmatter containing at minimum the name and description
 * fields" (Skill Format).
 */
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { CORE_SCHEMA, load } from 'js-yaml';
import { isRecord } from '../schema/isRecord';
import type { Skill } from './schema';

export interface SkillFile {
  /** The text as the server sent it (a blob decoded as UTF-8). */
  text: string;
  mimeType: string | undefined;
  /** What the check found wrong; empty: the file is what the entry describes. */
  faults: string[];
  /** True when size and digest were checked (false for a `"dynamic"` skill, which publishes none). */
  digestChecked: boolean;
}

/** The SKILL.md among a resources/read result's contents, checked against `skill`. */
export function checkSkillFile(skill: Skill, contents: unknown): SkillFile | { missing: string } {
  const items = Array.isArray(contents) ? contents.filter(isRecord) : [];
  const item = items.find((c) => c.uri === skill.uri) ?? items.find((c) => typeof c.text === 'string' || typeof c.blob === 'string');
  if (!item) return { missing: `resources/read of ${skill.uri} returned no text or blob content` };
  const bytes = typeof item.text === 'string' ? Buffer.from(item.text, 'utf8') : Buffer.from(String(item.blob), 'base64');
  const text = typeof item.text === 'string' ? item.text : bytes.toString('utf8');
  const faults: string[] = [];
  const listed = Array.isArray(skill.resources) ? skill.resources.find((r) => r.uri === skill.uri) : undefined;
  if (listed) {
    // "A read whose byte length differs from the entry's size is a verification failure".
    if (bytes.length !== listed.size) faults.push(`${skill.uri} is ${bytes.length} bytes, the entry says ${listed.size}`);
    const digest = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
    if (digest !== listed.digest) faults.push(`${skill.uri} hashes to ${digest}, the entry says ${listed.digest}`);
  }
  const frontmatter = parseFrontmatter(text);
  if (frontmatter === undefined) faults.push(`${skill.uri} does not begin with a --- delimited YAML frontmatter block`);
  else {
    for (const field of ['name', 'description'])
      if (typeof frontmatter[field] !== 'string' || frontmatter[field] === '') faults.push(`${skill.uri}'s frontmatter has no ${field}`);
    faults.push(...frontmatterDifferences(frontmatter, skill.frontmatter).map((d) => `${skill.uri}: ${d}`));
  }
  return { text, mimeType: typeof item.mimeType === 'string' ? item.mimeType : undefined, faults, digestChecked: listed !== undefined };
}

/** The YAML between the leading `---` lines (a BOM and CRLF line ends allowed), or undefined when there is none or it is not a mapping. */
export function parseFrontmatter(text: string): Record<string, unknown> | undefined {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const match = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(body);
  if (!match) return undefined;
  try {
    // YAML 1.2's core schema: strings, numbers, booleans, null; a date stays a string, as JSON has no dates.
    const value: unknown = load(match[1], { schema: CORE_SCHEMA });
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** "The frontmatter object MUST be identical in content to the frontmatter of the SKILL.md it describes": one line per field that differs. */
export function frontmatterDifferences(file: Record<string, unknown>, entry: Record<string, unknown>): string[] {
  const fields = new Set([...Object.keys(file), ...Object.keys(entry)]);
  return [...fields]
    .filter((f) => !isDeepStrictEqual(file[f] ?? null, entry[f] ?? null))
    .map(
      (f) =>
        `frontmatter field "${f}" is ${JSON.stringify(file[f] ?? null)} in the file but ${JSON.stringify(entry[f] ?? null)} in the entry`,
    );
}
