import { isRecord } from '../schema/isRecord';
import { skillRoot } from '../skills/names';
import type { Skill } from '../skills/schema';
import { evidence, exchange, type Exchange } from './exchange';
import { recordVerdict, type ProbeContext } from './probe';

const DIRECTORY_READ = 'resources/directory/read';
/** "A directory resource is a resource whose mimeType is inode/directory." */
const DIRECTORY_MIME = 'inode/directory';
const INVALID_PARAMS = -32602;
/** Pages of one directory followed before the listing is taken for one that never ends. */
const MAX_PAGES = 50;

/**
 * `resources/directory/read` of a skill's root, for a server that declared `directoryRead: true`
 * (ext-skills skills.mdx, "Reading Directories"; clients "MUST NOT call" it otherwise): a
 * declaring server "MUST support the method for every directory within the skill namespaces it
 * serves"; the result lists the direct children, "subdirectories are listed as directory resources
 * (mimeType: "inode/directory")"; a URI that "exists but is not a directory resource" is "-32602
 * (Invalid params)". What the entry's manifest says is a subdirectory is held against the answer.
 */
export async function checkSkillDirectory(ctx: ProbeContext, skill: Skill): Promise<void> {
  const root = skillRoot(skill.uri);
  if (root === undefined) return;
  const faults: string[] = [];
  // The evidence: the exchange that proves the first fault.
  let proof: number[] | undefined;
  const fault = (text: string, answer: Exchange) => {
    faults.push(text);
    proof ??= evidence(answer.responseSeq, answer.requestSeq);
  };
  let last: Exchange | undefined;
  const children: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await exchange(ctx, DIRECTORY_READ, cursor === undefined ? { uri: root } : { uri: root, cursor });
    last = answer;
    if ('error' in answer) {
      fault(
        `${DIRECTORY_READ} of the skill directory ${root} was answered with error ${answer.error.code} "${answer.error.message}"`,
        answer,
      );
      break;
    }
    if (!Array.isArray(answer.result.resources) || !answer.result.resources.every((r) => isRecord(r) && typeof r.uri === 'string')) {
      fault(`${DIRECTORY_READ} of ${root} returned no "resources" array of resources with a uri`, answer);
      break;
    }
    children.push(...(answer.result.resources as Record<string, unknown>[]));
    const next = answer.result.nextCursor;
    if (typeof next !== 'string' || next === cursor) break;
    cursor = next;
  }
  for (const text of subdirectoryFaults(root, skill, children)) fault(text, last!);
  const notDirectory = await exchange(ctx, DIRECTORY_READ, { uri: skill.uri });
  if (!('error' in notDirectory) || notDirectory.error.code !== INVALID_PARAMS)
    fault(`${DIRECTORY_READ} of ${skill.uri}, a file, was answered with ${answerText(notDirectory)} instead of error -32602`, notDirectory);
  if (faults.length === 0) return;
  recordVerdict(ctx.client.trace, 'skills', {
    rule: 'skill-directory-invalid',
    message: `the server declares directoryRead: ${faults.join('; ')}`,
    hint: 'Serve resources/directory/read for every directory of a skill: its direct children, subdirectories with mimeType "inode/directory"; answer a URI that is not a directory with -32602. Or stop declaring directoryRead.',
    evidence: proof ?? [],
  });
}

/** The subfolders the entry's manifest implies, each of which the answer must list as a directory. */
function subdirectoryFaults(root: string, skill: Skill, children: readonly Record<string, unknown>[]): string[] {
  if (!Array.isArray(skill.resources)) return [];
  const subdirs = new Set(
    skill.resources
      .map((r) => r.uri.slice(root.length + 1).split('/'))
      .filter((parts) => parts.length > 1)
      .map((parts) => `${root}/${parts[0]}`),
  );
  return children
    .filter((c) => subdirs.has(String(c.uri)) && c.mimeType !== DIRECTORY_MIME)
    .map(
      (c) => `${String(c.uri)} is a folder of the skill but listed with mimeType ${JSON.stringify(c.mimeType)}, not "${DIRECTORY_MIME}"`,
    );
}

function answerText(answer: Exchange): string {
  return 'error' in answer ? `error ${answer.error.code} "${answer.error.message}"` : 'a result';
}
