/**
 * What a Skill entry breaks, each fault with the spec's weight: a MUST is an error, a SHOULD a
 * warning (ext-skills specification/stable/skills.mdx, the section named in each comment).
 */
import type * as z from 'zod';
import { isRecord } from '../schema/isRecord';
import { authorityOf, isRegName, isValidSkillName, nameFromUri, skillRoot } from './names';
import { SKILL_LIMITS, SKILL_MD } from './protocol';
import { SkillResourcesArraySchema, SkillSchema } from './schema';

export interface SkillFault {
  severity: 'error' | 'warning';
  text: string;
}

const RESERVED_METADATA_PREFIX = 'io.modelcontextprotocol/';

/** The faults of one entry; `where` names it in each text (its uri, or `skills[3]`). */
export function entryFaults(entry: unknown, where: string): SkillFault[] {
  const parsed = SkillSchema.safeParse(entry);
  // The shape first: a field missing or of the wrong type is the whole story for that field.
  if (!parsed.success) return shapeFaults(parsed.error, entry, where);
  const skill = parsed.data;
  const faults: SkillFault[] = [];
  const must = (text: string) => faults.push({ severity: 'error', text: `${where}: ${text}` });
  const should = (text: string) => faults.push({ severity: 'warning', text: `${where}: ${text}` });

  // Frontmatter: "The final <skill-path> segment of the entry's uri MUST equal frontmatter.name".
  const uriName = nameFromUri(skill.uri);
  if (uriName === undefined) must(`the uri does not end in /<skill-name>/${SKILL_MD}, so the skill's name cannot be read from it`);
  else if (uriName !== skill.frontmatter.name)
    must(`the uri's final skill-path segment "${uriName}" is not frontmatter.name "${skill.frontmatter.name}"`);
  // Resource Mapping: the name "MUST satisfy the Agent Skills specification's naming rules".
  if (uriName !== undefined && !isValidSkillName(uriName))
    must(
      `the skill name "${uriName}" breaks the Agent Skills naming rules (1–64 of a–z, 0–9 and "-", no leading, trailing or double hyphen)`,
    );
  // Resource Mapping: "Servers SHOULD use the skill:// URI scheme" (another scheme is permitted).
  if (!skill.uri.startsWith('skill://')) should(`served under ${skill.uri.split(':')[0]}:// rather than skill://`);
  // "The first segment occupies the URI authority component and SHOULD be a valid reg-name per RFC 3986".
  const authority = authorityOf(skill.uri);
  if (authority !== undefined && !isRegName(authority)) should(`the authority "${authority}" is not an RFC 3986 reg-name`);
  // Frontmatter: keys of `metadata` under io.modelcontextprotocol/ "are reserved … This extension currently defines no such keys."
  const metadata = skill.frontmatter.metadata;
  if (isRecord(metadata)) {
    const reserved = Object.keys(metadata).filter((k) => k.startsWith(RESERVED_METADATA_PREFIX));
    if (reserved.length)
      should(
        `frontmatter.metadata uses the reserved prefix ${RESERVED_METADATA_PREFIX} (${reserved.join(', ')}), which defines no keys yet`,
      );
  }
  if (Array.isArray(skill.resources)) faults.push(...manifestFaults(skill.uri, skill.resources, where));
  return faults;
}

/** Resources and Limits, for an entry whose `resources` is an array. */
function manifestFaults(uri: string, resources: readonly { uri: string; size: number }[], where: string): SkillFault[] {
  const faults: SkillFault[] = [];
  // "it MUST be complete … including an entry whose uri equals the skill's top-level uri".
  if (!resources.some((r) => r.uri === uri))
    faults.push({ severity: 'error', text: `${where}: resources has no entry for the skill's own ${SKILL_MD} (its digest and size)` });
  // "It lists every file of the skill, each exactly once".
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const r of resources) (seen.has(r.uri) ? twice : seen).add(r.uri);
  if (twice.size) faults.push({ severity: 'error', text: `${where}: resources lists ${[...twice].join(', ')} more than once` });
  // "Each uri MUST be the skill's SKILL.md or a file within the skill's directory."
  const root = skillRoot(uri);
  const outside =
    root === undefined ? [] : [...new Set(resources.filter((r) => r.uri !== uri && !r.uri.startsWith(`${root}/`)).map((r) => r.uri))];
  if (outside.length)
    faults.push({
      severity: 'error',
      text: `${where}: ${outside.slice(0, 3).join(', ')} ${outside.length > 1 ? 'are' : 'is'} outside the skill's directory ${root}`,
    });
  // Limits: "Servers SHOULD NOT serve a skill that exceeds either limit."
  if (resources.length > SKILL_LIMITS.files)
    faults.push({
      severity: 'warning',
      text: `${where}: ${resources.length} resource entries, over the ${SKILL_LIMITS.files} every host must accept`,
    });
  const bytes = resources.reduce((sum, r) => sum + r.size, 0);
  if (bytes > SKILL_LIMITS.bytes)
    faults.push({
      severity: 'warning',
      text: `${where}: ${bytes} bytes in all, over the 16 MiB (${SKILL_LIMITS.bytes} bytes) every host must accept`,
    });
  return faults;
}

/** Names: "Within a server's listing, names SHOULD be unique" (hosts must disambiguate them). */
export function listingFaults(entries: readonly unknown[]): SkillFault[] {
  const byName = new Map<string, string[]>();
  for (const entry of entries) {
    const uri = isRecord(entry) && typeof entry.uri === 'string' ? entry.uri : undefined;
    const name = uri === undefined ? undefined : nameFromUri(uri);
    if (uri !== undefined && name !== undefined) byName.set(name, [...(byName.get(name) ?? []), uri]);
  }
  return [...byName]
    .filter(([, uris]) => new Set(uris).size > 1)
    .map(([name, uris]) => ({ severity: 'warning' as const, text: `the name "${name}" is served at ${[...new Set(uris)].join(' and ')}` }));
}

function shapeFaults(error: z.ZodError, entry: unknown, where: string): SkillFault[] {
  if (!isRecord(entry)) return [{ severity: 'error', text: `${where}: the entry is not an object` }];
  return issuesOf(error, entry).map(({ issue, path }) => {
    const name = path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('');
    return {
      severity: 'error' as const,
      text: `${where}: ${name} ${valueAt(entry, path) === undefined ? 'is missing' : issueText(issue)}`,
    };
  });
}

/** The issues, a union's resolved: `resources` given as an array is judged as the array it means to be. */
function issuesOf(error: z.ZodError, entry: Record<string, unknown>): { issue: z.core.$ZodIssue; path: PropertyKey[] }[] {
  return error.issues.flatMap((issue) => {
    const value = valueAt(entry, issue.path);
    if (issue.code !== 'invalid_union' || !Array.isArray(value)) return [{ issue, path: issue.path }];
    const inner = SkillResourcesArraySchema.safeParse(value);
    return inner.success ? [{ issue, path: issue.path }] : inner.error.issues.map((i) => ({ issue: i, path: [...issue.path, ...i.path] }));
  });
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let at = value;
  for (const key of path) at = isRecord(at) || Array.isArray(at) ? (at as Record<PropertyKey, unknown>)[key] : undefined;
  return at;
}

function issueText(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_union') return 'is neither an array of {uri, digest, size} nor "dynamic"';
  if (issue.code === 'too_small' && issue.origin === 'string') return 'is empty';
  // zod's own words ("Invalid input: …") give way to the type; a message the schema set is kept.
  if (issue.code === 'invalid_type') return issue.message.startsWith('Invalid input') ? `is not a ${issue.expected}` : issue.message;
  return issue.message;
}
