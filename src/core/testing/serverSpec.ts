/**
 * The server a test file names, outside the editor: a "command" as written (relative to the
 * file's folder), or a "server" looked up in the MCP config files of the nearest folder
 * above the test file that has one. `${input:…}` values cannot be asked for headless.
 */
import * as os from 'node:os';
import * as path from 'node:path';
import { loadConfigs, resolveServer } from '../config';
import type { ServerSpec } from '../session/client';
import type { TestFile } from './testFile';

export type SpecResult = { ok: true; spec: ServerSpec } | { ok: false; message: string };

export async function serverSpecFor(file: TestFile): Promise<SpecResult> {
  const ref = file.server;
  const folder = path.dirname(path.resolve(file.path));
  if (!ref) return { ok: false, message: 'the file names no server' };
  if ('command' in ref) {
    // The transport puts this env over the inherited one.
    return {
      ok: true,
      spec: {
        name: ref.command,
        command: ref.command,
        args: ref.args,
        cwd: path.resolve(folder, ref.cwd ?? '.'),
        ...(ref.env ? { env: ref.env } : {}),
      },
    };
  }
  for (let dir = folder; ; dir = path.dirname(dir)) {
    const loaded = await loadConfigs({ workspaceFolders: [dir] });
    const config = loaded.servers.find((s) => s.name === ref.name);
    if (config) {
      if (config.type !== 'stdio')
        return {
          ok: false,
          message: `server "${ref.name}" in ${config.file.path} is a remote (${config.type}) server; tests run stdio servers`,
        };
      const resolved = await resolveServer(config, { userHome: os.homedir(), env: process.env, resolveInput: async () => undefined }).catch(
        (error: Error) => ({ ok: false as const, problems: [{ message: error.message }] }),
      );
      if (!resolved.ok)
        return { ok: false, message: `server "${ref.name}" in ${config.file.path}: ${resolved.problems.map((p) => p.message).join('; ')}` };
      const s = resolved.server;
      const env = Object.fromEntries(Object.entries(s.env).filter((e): e is [string, string] => typeof e[1] === 'string'));
      return { ok: true, spec: { name: s.name, command: s.command, args: s.args, cwd: s.cwd, env } };
    }
    if (loaded.found.length > 0 || path.dirname(dir) === dir) {
      const where = loaded.found.length
        ? loaded.found.map((f) => f.path).join(', ')
        : `any .vscode/mcp.json, .mcp.json or .cursor/mcp.json above ${folder}`;
      return { ok: false, message: `no server named "${ref.name}" in ${where}` };
    }
  }
}
