import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { COMMAND_USAGE } from '../../../src/cli/usage';
import { buildCli, NODE, runCli, type CliRun } from './helpers';

before(buildCli);

/** A usage command line run once: the tests below read the same `mcp-lens X --help` many times (99 runs, 72 different). */
const usageRuns = new Map<string, Promise<CliRun>>();
function usageRun(argv: string[]): Promise<CliRun> {
  const key = argv.join('\0');
  let run = usageRuns.get(key);
  if (!run) usageRuns.set(key, (run = runCli(argv)));
  return run;
}

const COMMANDS = ['check', 'call', 'read', 'skill', 'prompt', 'complete', 'record', 'lint', 'mcp', 'test', 'eval', 'diff', 'replay', 'logout', 'fuzz', 'load', 'watch'];

test('every command has its own usage', () => {
  assert.deepEqual(Object.keys(COMMAND_USAGE).sort(), [...COMMANDS].sort());
});

for (const command of COMMANDS) {
  test(`mcp-lens ${command} --help, -h and help ${command} print that command's usage on stdout and exit 0`, async () => {
    for (const argv of [[command, '--help'], [command, '-h'], ['help', command], [command, '--json', '--help', '--', NODE]]) {
      const run = await usageRun(argv);
      assert.equal(run.code, 0, `${argv.join(' ')}: ${run.stderr}`);
      assert.equal(run.stderr, '');
      assert.ok(run.stdout.startsWith(`Usage: mcp-lens ${command} `), `${argv.join(' ')}: ${run.stdout}`);
      for (const other of COMMANDS.filter((c) => c !== command)) assert.doesNotMatch(run.stdout, new RegExp(`mcp-lens ${other} `));
    }
  });
}

test('check, call, read, prompt and lint document --fail-on in their usage; record does not take it', async () => {
  for (const command of ['check', 'call', 'read', 'prompt', 'complete', 'lint', 'watch']) assert.match((await usageRun([command, '--help'])).stdout, /--fail-on error\|warning\|never/);
  assert.doesNotMatch((await usageRun(['record', '--help'])).stdout, /--fail-on/);
});

test('every command that talks to a server lists --url, --header, --token, --auth and the client flags in its usage', async () => {
  for (const command of ['check', 'call', 'read', 'prompt', 'complete', 'watch', 'fuzz', 'load', 'test', 'eval', 'replay', 'diff']) {
    const usage = (await usageRun([command, '--help'])).stdout;
    for (const flag of [/--url URL/, /--header 'K: V'/, /--token TOKEN/, /--auth/, /--no-token-cache/]) assert.match(usage, flag, `${command}: ${flag}`);
  }
  assert.match((await usageRun(['diff', '--help'])).stdout, /mcp-lens diff \[--json\] \[--fail-on breaking\|any\|never\] \[--timeout MS\] OLD SERVER/);
});

test('mcp-lens --help, -h, help and no arguments print the overview of every command', async () => {
  for (const argv of [['--help'], ['-h'], ['help'], []]) {
    const run = await usageRun(argv);
    assert.equal(run.code, 0, argv.join(' '));
    for (const command of COMMANDS) assert.match(run.stdout, new RegExp(`mcp-lens ${command} `));
  }
});

test('--help after -- belongs to the server command, not to mcp-lens', async () => {
  // The server gets `--help`; node prints its own usage and exits, which is what check then reports.
  const run = await runCli(['check', '--json', '--timeout', '2000', '--', NODE, '--help']);
  assert.notEqual(run.stdout.slice(0, 6), 'Usage:');
  assert.equal(JSON.parse(run.stdout).server.args[0], '--help');
});

test('help for an unknown command is a usage error', async () => {
  const run = await runCli(['help', 'frobnicate']);
  assert.equal(run.code, 2);
  assert.match(run.stderr, /help: unknown command "frobnicate"/);
});

test('record documents the HTTP proxy (--listen with --url); the server commands document --transport sse', async () => {
  const record = (await usageRun(['record', '--help'])).stdout;
  assert.match(record, /mcp-lens record --listen PORT --url URL --out FILE/);
  assert.match(record, /--listen PORT/);
  for (const command of ['check', 'call', 'read', 'prompt']) assert.match((await usageRun([command, '--help'])).stdout, /--transport sse/);
  const overview = (await usageRun(['--help'])).stdout;
  assert.match(overview, /mcp-lens record --listen PORT --url URL/);
  assert.match(overview, /--url URL --transport sse/);
});
