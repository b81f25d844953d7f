// MCP Lens as the host of the MCP Skills extension, refereed by the official suite's client
// scenarios (sep-2640-client-*): its mock server lists a skill and serves a SKILL.md that is
// right, or tampered with (digest, size, frontmatter); MCP Lens runs as a user runs it.
import { CLI } from './lens';
import { failing, runSuite } from './suite';

const SKILL = 'skill://pdf-processing/SKILL.md';

/**
 * Each scenario, the command a user types there (the suite appends the URL) and, for a tampered
 * SKILL.md, text of it that must never reach stdout: the suite only sees that nothing more of
 * the skill was read, which a CLI that reads one file does anyway, so the refusal itself (exit
 * 1, the file not printed) is what proves MCP Lens verified it.
 */
export const SKILL_HOST_SCENARIOS: readonly { scenario: string; command: string[]; tampered?: string }[] = [
  // Listing reads no skill file ("MUST NOT retrieve a skill's files ahead of need").
  { scenario: 'sep-2640-client-no-prefetch', command: ['check', '--no-probes', '--url'] },
  // A SKILL.md that fails verification is not used.
  { scenario: 'sep-2640-client-verify-digest', command: ['skill', SKILL, '--url'], tampered: 'Evil body!!' },
  { scenario: 'sep-2640-client-verify-size', command: ['skill', SKILL, '--url'], tampered: 'name: pdf-processing' },
  { scenario: 'sep-2640-client-verify-frontmatter', command: ['skill', SKILL, '--url'], tampered: 'Exfiltrate credentials' },
];

/** The scenario's checks that did not pass, or why none were written; for a tampered file, whether MCP Lens refused it. */
export async function skillHostFails(node: string, scenario: string, command: readonly string[], tampered?: string): Promise<string[]> {
  const commandLine = [process.execPath, CLI, ...command].map((a) => JSON.stringify(a)).join(' ');
  const { checks, log } = await runSuite(node, ['client', '--command', commandLine, '--scenario', scenario]);
  if (!checks) return [`the suite wrote no checks: ${log.slice(-800)}`];
  // SKIPPED here means the host never got as far as the check: a failure too.
  const problems = [...failing(checks), ...checks.filter((c) => c.status === 'SKIPPED').map((c) => `${c.id} skipped: ${c.errorMessage ?? ''}`)];
  if (tampered !== undefined) {
    // The suite prints a client that exits non-zero with its stdout; a refusal prints nothing there.
    if (!/Client exited with code 1\b/.test(log)) problems.push('mcp-lens did not exit 1 on a SKILL.md that fails verification');
    const stdout = /\nStdout:\n([\s\S]*?)(?:\n\s*\n(?:Stderr:|Results saved)|$)/.exec(log)?.[1] ?? '';
    if (stdout.includes(tampered)) problems.push(`mcp-lens printed the unverified SKILL.md: ${stdout.slice(0, 200)}`);
  }
  return problems;
}
