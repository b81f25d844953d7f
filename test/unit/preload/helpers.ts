import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { build } from 'esbuild';
import type { PreloadAssets } from '../../../src/core/preload/assets';
import type { LaunchSpec } from '../../../src/core/preload/launch';
import type { StrayRecord } from '../../../src/core/preload/record';
import { readSideChannel } from '../../../src/core/preload/sideChannel';

export const root = path.resolve(__dirname, '../../..');
export const fixtures = path.join(root, 'test/fixtures/servers/preload');

/**
 * Bundles the Node preload the way esbuild.config.mjs does, into a fresh directory whose
 * name has a space (NODE_OPTIONS quoting is then exercised by every test).
 */
export async function buildAssets(): Promise<PreloadAssets & { dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp lens preload '));
  const nodePreload = path.join(dir, 'node-preload.js');
  await build({
    entryPoints: [path.join(root, 'src/core/preload/node-preload.ts')],
    outfile: nodePreload,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'silent',
  });
  return { dir, nodePreload, pythonDir: path.join(root, 'media/preload/python') };
}

/** The 1-based line of the first occurrence of `needle` in `file`. */
export function lineOf(file: string, needle: string): number {
  const index = fs.readFileSync(file, 'utf8').split('\n').findIndex((line) => line.includes(needle));
  if (index === -1) throw new Error(`${needle} not in ${file}`);
  return index + 1;
}

export interface Run {
  stdout: Buffer;
  stderr: string;
  code: number | null;
}

/** Runs a spec to completion: sends the lines on stdin, closes it, collects stdout bytes exactly. */
export function run(spec: LaunchSpec, lines: readonly string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(spec.command, spec.args ?? [], {
      cwd: spec.cwd,
      env: { ...process.env, ...spec.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ stdout: Buffer.concat(stdout), stderr, code }));
    child.stdin.end(lines.map((line) => `${line}\n`).join(''));
  });
}

/** Every record in a side-channel file, read the way the transport reads it. */
export async function records(file: string): Promise<StrayRecord[]> {
  const seen: StrayRecord[] = [];
  const reader = readSideChannel(file, (record) => seen.push(record));
  try {
    await reader.drain();
  } finally {
    reader.dispose();
  }
  return seen;
}

export const requests = [
  JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }),
  JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
  JSON.stringify({ jsonrpc: '2.0', id: 'three', method: 'ping' }),
];
