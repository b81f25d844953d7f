/**
 * Skill URIs (ext-skills skills.mdx, "Resource Mapping"): `skill://<skill-path>/<file-path>`, the
 * SKILL.md always `<skill-path>/SKILL.md`, "the final segment of <skill-path> MUST equal the
 * skill's name", under any scheme.
 */
import { SKILL_MD } from './protocol';

/** The skill's name as its URI says it (the segment before `/SKILL.md`), or undefined when the URI does not end so. */
export function nameFromUri(uri: string): string | undefined {
  const at = uri.indexOf('://');
  if (at < 0) return undefined;
  const segments = uri
    .slice(at + 3)
    .split('/')
    .filter((s) => s.length > 0);
  return segments.length >= 2 && segments[segments.length - 1] === SKILL_MD ? segments[segments.length - 2] : undefined;
}

/** "The skill's root directory is skill://<skill-path>, that is, the SKILL.md URI with the /SKILL.md suffix removed". */
export function skillRoot(uri: string): string | undefined {
  return uri.endsWith(`/${SKILL_MD}`) ? uri.slice(0, -(SKILL_MD.length + 1)) : undefined;
}

/** The authority: "The first segment occupies the URI authority component". */
export function authorityOf(uri: string): string | undefined {
  const at = uri.indexOf('://');
  return at < 0 ? undefined : uri.slice(at + 3).split('/')[0];
}

/**
 * The Agent Skills naming rules the final segment "MUST satisfy" (agentskills.io/specification,
 * name field): 1–64 characters, lowercase letters, digits and hyphens, neither starting nor
 * ending with a hyphen, no two hyphens in a row.
 */
export function isValidSkillName(name: string): boolean {
  return (
    name.length >= 1 &&
    name.length <= 64 &&
    /^[a-z0-9-]+$/.test(name) &&
    !name.startsWith('-') &&
    !name.endsWith('-') &&
    !name.includes('--')
  );
}

/** RFC 3986 reg-name: unreserved, percent-encoded and sub-delims characters ("SHOULD be a valid reg-name"). */
export function isRegName(authority: string): boolean {
  return /^(?:[A-Za-z0-9\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/.test(authority);
}
