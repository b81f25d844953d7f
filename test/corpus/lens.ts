// `mcp-lens` as a user runs it on a corpus server: the command, `--json`, then the server.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root } from '../harness/paths';

export const CLI = join(root, 'dist', 'cli.js');

export interface Finding {
  rule: string;
  severity: string;
  message: string;
}

export interface LensRun {
  exitCode: number | null;
  findings: Finding[];
  /** The terminal's words, for a run that printed no JSON. */
  output: string;
}

/** `server` is `['--url', URL]` or `['--', ...command]`. */
export function runLens(command: readonly string[], server: readonly string[]): Promise<LensRun> {
  const args = [CLI, ...command, '--json', '--timeout', '10000', ...server];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.once('error', reject);
    child.once('close', (exitCode) => {
      let findings: Finding[] = [];
      try {
        findings = ((JSON.parse(stdout) as { diagnostics?: Finding[] }).diagnostics ?? []).map(({ rule, severity, message }) => ({ rule, severity, message }));
      } catch {
        // No report: the run's words say why.
      }
      resolve({ exitCode, findings, output: `${stdout.slice(0, 2000)}${stderr.slice(0, 2000)}` });
    });
  });
}

/** The findings a user must act on: warnings and errors. */
export function serious(findings: readonly Finding[]): Finding[] {
  return findings.filter((f) => f.severity === 'warning' || f.severity === 'error');
}
