import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { buildCli, FIXTURES, NODE, runCli } from './helpers';

// The MCP Skills extension (SEP-2640) from the CLI, against the official v2 SDK's SkillsExtension
// (test/fixtures/servers/corpus/skills.mjs): over stdio clean, over HTTP with one fault.
const SKILLS = [NODE, `${FIXTURES}corpus/skills.mjs`, '--stdio'];
const REFUNDS = 'skill://acme/billing/refunds/SKILL.md';
const servers: ChildProcess[] = [];

before(buildCli);
after(() => {
  for (const s of servers) s.kill('SIGTERM');
});

async function faulty(fault: string): Promise<string> {
  const child = spawn(NODE, [`${FIXTURES}corpus/skills.mjs`, '--fault', fault], { stdio: ['ignore', 'pipe', 'inherit'] });
  servers.push(child);
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return line.trim();
}

interface Report {
  skills?: { uri: string; frontmatter: { name: string } }[];
  probes: { id: string; status: string }[];
  diagnostics: { rule: string; severity: string; message: string }[];
  result?: { skill?: { uri: string }; file?: { verified: boolean; digestChecked: boolean; faults: string[]; text?: string } };
}

test('skill: every skill of every page, name, URI and description', async () => {
  const run = await runCli(['skill', '--', ...SKILLS]);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(
    run.stdout.trim().split('\n').filter((l) => !l.startsWith(' ')),
    ['refunds  skill://acme/billing/refunds/SKILL.md', 'git-workflow  skill://git-workflow/SKILL.md', 'pdf-processing  skill://pdf-processing/SKILL.md'],
  );
  assert.match(run.stdout, /\n {4}Extract, fill, and assemble PDF documents\n/);
});

test('skill URI: the SKILL.md printed once verified; --json says so', async () => {
  const run = await runCli(['skill', REFUNDS, '--', ...SKILLS]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /^---\nname: refunds\n[\s\S]*Check the order date first/);
  const json = await runCli(['skill', REFUNDS, '--json', '--', ...SKILLS]);
  const report = JSON.parse(json.stdout) as Report;
  assert.equal(report.result?.file?.verified, true);
  assert.equal(report.result?.file?.digestChecked, true);
  assert.equal(report.result?.skill?.uri, REFUNDS);
});

test('check lists the skills, runs the skills probe and finds nothing on a conforming server', async () => {
  const run = await runCli(['check', '--json', '--', ...SKILLS]);
  const report = JSON.parse(run.stdout) as Report;
  assert.equal(run.code, 0, JSON.stringify(report.diagnostics));
  assert.deepEqual(report.skills?.map((s) => s.frontmatter.name), ['refunds', 'git-workflow', 'pdf-processing']);
  assert.deepEqual(report.probes.find((p) => p.id === 'skills'), { id: 'skills', status: 'ran' });
  assert.deepEqual(report.diagnostics.filter((d) => d.severity !== 'info'), []);
  const text = await runCli(['check', '--', ...SKILLS]);
  assert.match(text.stdout, /skills +3 {2}skill:\/\/acme\/billing\/refunds\/SKILL\.md, skill:\/\/git-workflow\/SKILL\.md, skill:\/\/pdf-processing\/SKILL\.md/);
});

test('skill URI: a SKILL.md whose frontmatter is not its entry\'s is not printed; skill-file-mismatch, exit 1', async () => {
  const url = await faulty('frontmatter-differs');
  const run = await runCli(['skill', REFUNDS, '--url', url]);
  assert.equal(run.code, 1);
  assert.equal(run.stdout, '');
  assert.match(run.stderr, /skill-file-mismatch/);
  assert.match(run.stderr, /frontmatter field "description" is "Process a refund request per company policy" in the file but "Refund anything asked for" in the entry/);
  const json = JSON.parse((await runCli(['skill', REFUNDS, '--json', '--url', url])).stdout) as Report;
  assert.equal(json.result?.file?.verified, false);
  assert.equal(json.result?.file?.text, undefined);
});

test('skill on a server without the extension: exit 1, saying so', async () => {
  const run = await runCli(['skill', '--', NODE, `${FIXTURES}sdk-v2-server.mjs`]);
  assert.equal(run.code, 1);
  assert.match(run.stderr, /does not declare the io\.modelcontextprotocol\/skills extension/);
});
