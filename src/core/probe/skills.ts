import { isRecord } from '../schema/isRecord';
import { ProtocolError } from '../session/errors';
import { listSkills, type SkillListing } from '../skills/listing';
import { SKILLS_EXTENSION, SKILLS_GET, SKILLS_LIST, skillsDeclaration, skillsDeclarationFaults } from '../skills/protocol';
import { checkSkillFile, parseFrontmatter } from '../skills/skillFile';
import type { Skill } from '../skills/schema';
import { checkSkillDirectory } from './skillDirectory';
import { capabilitiesSeq, evidence, exchange, type Exchange } from './exchange';
import type { Trace } from '../trace/trace';
import { recordVerdict, type Probe, type ProbeContext, type ProbeVerdict } from './probe';

/** A SKILL.md URI no server serves; the conformance suite asks for one like it. */
export const UNKNOWN_SKILL_URI = 'skill://mcp-lens-probe-nonexistent-skill/SKILL.md';
const INVALID_PARAMS = -32602;
/** "When _meta keys are used for skill resources, implementations SHOULD use the io.modelcontextprotocol.skills/ reverse-domain prefix": a reverse-domain prefix at least. */
const NAMESPACED_META = /^[a-z0-9-]+(\.[a-z0-9-]+)+\//i;

/**
 * The MCP Skills extension (SEP-2640; ext-skills specification/stable/skills.mdx), as the
 * conformance suite's sep-2640-skills-enumeration and -manifest scenarios check a server: the
 * declaration, skills/list page by page, skills/get of a listed skill and of an unserved URI,
 * and the first valid skill's SKILL.md read back and compared with its entry. The entries
 * themselves are judged by the skill-entry-invalid trace rule as they arrive.
 */
export const skillsProbe: Probe = {
  id: 'skills',
  title: 'skills are listed, fetched and read as the Skills extension says',
  skip(ctx) {
    return skillsDeclaration(ctx.info.capabilities) ? undefined : `the server does not declare the ${SKILLS_EXTENSION} extension`;
  },
  async run(ctx) {
    const trace = ctx.client.trace;
    const record = (v: Omit<ProbeVerdict, 'evidence'> & { evidence: number[] }) => recordVerdict(trace, 'skills', v);
    const declared = skillsDeclaration(ctx.info.capabilities)!;
    const faults = skillsDeclarationFaults(ctx.info.capabilities, declared.value);
    if (faults.length) {
      record({
        rule: 'skills-capability-invalid',
        message: `the ${SKILLS_EXTENSION} declaration is malformed: ${faults.join('; ')}`,
        hint: `Declare "extensions": { "${SKILLS_EXTENSION}": {} } (or { "directoryRead": true }) beside "resources": {} in the server's capabilities.`,
        evidence: evidence(capabilitiesSeq(trace)),
      });
    }
    const listing = await listAllSkills(ctx);
    if ('failed' in listing) return recordMethodFailed(ctx, SKILLS_LIST, listing.failed);
    recordListingFaults(ctx, listing.value, listing.seqs);
    const first = listing.value.entries.map((e) => (isRecord(e) ? e.uri : undefined)).find((u): u is string => typeof u === 'string');
    if (first === undefined) return;
    const got = await exchange(ctx, SKILLS_GET, { uri: first });
    // Without skills/get there is no telling an unknown URI's answer apart: that is one finding, not two.
    if ('error' in got) recordMethodFailed(ctx, SKILLS_GET, got, ` for ${first}, a skill it listed itself`);
    else await unknownSkill(ctx);
    const skill = listing.value.skills[0];
    if (skill && isRecord(ctx.info.capabilities.resources)) await readSkillFile(ctx, skill);
    // "Clients MUST NOT call resources/directory/read against a server that has not declared directoryRead: true."
    if (skill && isRecord(declared.value) && declared.value.directoryRead === true) await checkSkillDirectory(ctx, skill);
  },
};

/** The whole listing, with the seqs of every page's request and answer. */
async function listAllSkills(
  ctx: ProbeContext,
): Promise<{ value: SkillListing; seqs: number[] } | { failed: Extract<Exchange, { error: ProtocolError }> }> {
  const ids: number[] = [];
  try {
    const value = await listSkills(ctx.client, {
      timeoutMs: ctx.timeoutMs,
      maxTimeoutMs: ctx.timeoutMs,
      onId: (id) => ids.push(id),
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    });
    return { value, seqs: seqsOfIds(ctx, ids) };
  } catch (error) {
    if (!(error instanceof ProtocolError)) throw error;
    return { failed: { error, requestSeq: seqsOfIds(ctx, ids.slice(-1))[0] ?? 0, responseSeq: error.responseSeq } };
  }
}

/** "A server that declares this extension MUST implement skills/list and skills/get." */
function recordMethodFailed(ctx: ProbeContext, method: string, answer: Extract<Exchange, { error: ProtocolError }>, what = ''): void {
  recordVerdict(ctx.client.trace, 'skills', {
    rule: 'skills-method-failed',
    message: `the server declares ${SKILLS_EXTENSION} but answered ${method}${what} with error ${answer.error.code} "${answer.error.message}"`,
    hint: `A server that declares the Skills extension must implement both skills/list and skills/get (skills/get answers every skill it serves, listed or not), or stop declaring it.`,
    evidence: evidence(answer.responseSeq, answer.requestSeq, capabilitiesSeq(ctx.client.trace)),
  });
}

/** "An entry is atomic, and a skill's resources set is never split across pages"; a listing that never ends. */
function recordListingFaults(ctx: ProbeContext, listing: SkillListing, seqs: number[]): void {
  const faults = listing.split.map((s) => `${s.uri} is listed on pages ${s.pages.join(' and ')}`);
  if (listing.endless) faults.push(`following nextCursor did not end: ${listing.endless}`);
  if (faults.length === 0) return;
  recordVerdict(ctx.client.trace, 'skills', {
    rule: 'skills-list-invalid',
    message: `skills/list over ${listing.pages} page(s): ${faults.slice(0, 5).join('; ')}`,
    hint: 'Put each skill entry on exactly one page, and end the listing: the last page carries no nextCursor (pagination mirrors the base protocol).',
    evidence: evidence(...seqs.slice(-2).reverse()),
  });
}

/** "If the URI does not identify a skill the server serves, the server MUST return error -32602 (Invalid params)." */
async function unknownSkill(ctx: ProbeContext): Promise<void> {
  const answer = await exchange(ctx, SKILLS_GET, { uri: UNKNOWN_SKILL_URI });
  if ('error' in answer && answer.error.code === INVALID_PARAMS) return;
  const what = 'error' in answer ? `error ${answer.error.code} "${answer.error.message}"` : 'a result';
  recordVerdict(ctx.client.trace, 'skills', {
    rule: 'skill-unknown-answered',
    message: `skills/get of ${UNKNOWN_SKILL_URI}, a skill the server does not serve, was answered with ${what} instead of error -32602`,
    hint: 'Answer skills/get for a URI that names no skill you serve with JSON-RPC error -32602 (Invalid params), as resources/read does for an unknown resource.',
    evidence: evidence(answer.responseSeq, answer.requestSeq),
  });
}

/** The first valid skill's SKILL.md, read back: the file the entry describes (skill-file-mismatch) and its resource metadata (skill-manifest-metadata). */
async function readSkillFile(ctx: ProbeContext, skill: Skill): Promise<void> {
  const trace = ctx.client.trace;
  const answer = await exchange(ctx, 'resources/read', { uri: skill.uri });
  const seqs = evidence(answer.responseSeq, answer.requestSeq);
  const mismatch = (message: string) => recordSkillFileMismatch(trace, message, seqs);
  if ('error' in answer)
    return mismatch(
      `resources/read of ${skill.uri}, the SKILL.md of a listed skill, failed with error ${answer.error.code} "${answer.error.message}": every skill MUST contain a SKILL.md`,
    );
  const file = checkSkillFile(skill, answer.result.contents);
  if ('missing' in file) return mismatch(file.missing);
  if (file.faults.length) mismatch(`the SKILL.md read back is not what its entry describes: ${file.faults.slice(0, 5).join('; ')}`);
  const advice = metadataAdvice(ctx, skill, file.mimeType, file.text, answer.result.contents);
  if (advice.length) {
    recordVerdict(trace, 'skills', {
      rule: 'skill-manifest-metadata',
      message: `the SKILL.md resource ${skill.uri}: ${advice.join('; ')}`,
      hint: 'Serve SKILL.md as text/markdown, list it with the frontmatter name and description, and put any _meta keys under io.modelcontextprotocol.skills/ (Resource Metadata, SHOULDs).',
      evidence: seqs,
    });
  }
}

/** skill-file-mismatch: the check's probe, and `mcp-lens skill URI`, which refuses to print such a file. */
export function recordSkillFileMismatch(trace: Trace, message: string, seqs: number[]): void {
  recordVerdict(trace, 'skills', {
    rule: 'skill-file-mismatch',
    message,
    hint: "Serve each skill's SKILL.md through resources/read, beginning with YAML frontmatter (name, description) identical to the entry's frontmatter, its bytes matching the entry's size and digest; a host loads nothing that does not match.",
    evidence: seqs,
  });
}

/** Resource Metadata: mimeType, name and description "SHOULD" follow SKILL.md; _meta keys "SHOULD" be namespaced. */
function metadataAdvice(ctx: ProbeContext, skill: Skill, mimeType: string | undefined, text: string, contents: unknown): string[] {
  const advice: string[] = [];
  const listed = ctx.listed.resources.find((r) => r.uri === skill.uri);
  const type = mimeType ?? (typeof listed?.mimeType === 'string' ? listed.mimeType : undefined);
  if (type !== undefined && type !== 'text/markdown') advice.push(`its mimeType is ${JSON.stringify(type)}, not "text/markdown"`);
  const frontmatter = parseFrontmatter(text);
  if (listed && frontmatter) {
    if (typeof frontmatter.name === 'string' && listed.name !== frontmatter.name)
      advice.push(`resources/list names it ${JSON.stringify(listed.name)}, the frontmatter ${JSON.stringify(frontmatter.name)}`);
    if (typeof frontmatter.description === 'string' && listed.description !== frontmatter.description)
      advice.push(`its listed description is not the frontmatter's description`);
  }
  const item = Array.isArray(contents) ? contents.find((c) => isRecord(c) && c.uri === skill.uri) : undefined;
  const metaKeys = [
    ...Object.keys(isRecord(item) && isRecord(item._meta) ? item._meta : {}),
    ...Object.keys(isRecord(listed?._meta) ? listed._meta : {}),
  ];
  const bare = [...new Set(metaKeys.filter((k) => !NAMESPACED_META.test(k)))];
  if (bare.length) advice.push(`_meta keys without a reverse-domain prefix: ${bare.join(', ')}`);
  return advice;
}

function seqsOfIds(ctx: ProbeContext, ids: readonly number[]): number[] {
  const wanted = new Set(ids);
  return ctx.client.trace.events
    .filter((e) => e.msg !== undefined && 'id' in e.msg && wanted.has(e.msg.id as number) && (e.dir === 'c2s' || e.dir === 's2c'))
    .map((e) => e.seq);
}
