import type { Rule } from '../rule';

export const spawnFailed: Rule = {
  id: 'spawn-failed',
  stage: 'transport',
  severity: 'error',
  on: ['meta'],
  onEvent(e, ctx, report) {
    if (e.dir !== 'meta' || e.kind !== 'spawn-failed') return;
    const info = e.info ?? {};
    const code = String(info.code ?? 'error');
    const command = String(info.command ?? ctx.spawned?.command ?? '');
    const detail = typeof info.message === 'string' && info.message !== '' ? ` (${info.message})` : '';
    let hint = 'Check the command, its arguments and the working directory.';
    if (code === 'ENOENT') {
      hint = `"${command}" was not found: install it or use an absolute path (npx needs Node.js, uvx needs uv on PATH; an editor started from the desktop may not see your shell's PATH). A cwd that does not exist also gives ENOENT.`;
    } else if (code === 'EACCES') {
      hint = `"${command}" is not executable: chmod +x it, or run it through its interpreter (node file.js, python file.py).`;
    }
    // A missing or non-executable command stays so until someone installs or fixes it.
    const retry = code !== 'ENOENT' && code !== 'EACCES';
    report({ message: `The server command "${command}" could not start: ${code}${detail}`, evidence: [e.seq], hint, retry });
  },
};
