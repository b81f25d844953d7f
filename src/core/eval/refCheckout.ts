/**
 * `eval --compare REF`: the server as it was at a git ref, from a temporary `git worktree`
 * of that commit (detached, in the system's temp folder), so the user's working tree, index
 * and branches are never touched; removed when the run ends, or when it is interrupted.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { realpathSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ignoreClosing } from '../util/ignored';

export interface RefCheckout {
  /** The repository's top folder (the one the user works in). */
  repo: string;
  /** The temporary checkout of `commit`. */
  dir: string;
  ref: string;
  commit: string;
  /** A path inside the repository, as the same path inside the checkout (others unchanged). */
  map(file: string): string;
  remove(): Promise<void>;
  /** For a signal handler: removes the checkout before the process exits. */
  removeSync(): void;
}

/** Why there is no checkout; `usage`: the ref or the folder is wrong (exit 2), not the machine. */
export interface CheckoutProblem {
  problem: string;
  usage: boolean;
}

function git(cwd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', ['-C', cwd, ...args], { encoding: 'utf8', maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error)
        reject(
          new Error(
            ((error as NodeJS.ErrnoException).code === 'ENOENT'
              ? 'git is not installed (or not on PATH)'
              : stderr.trim() || error.message
            ).split('\n')[0],
          ),
        );
      else resolve(stdout.trim());
    });
  });
}

/** A checkout of `ref` of the repository that holds `folder`. */
export async function checkoutRef(folder: string, ref: string): Promise<RefCheckout | CheckoutProblem> {
  let repo: string;
  try {
    repo = await realpath(await git(folder, ['rev-parse', '--show-toplevel']));
  } catch (error) {
    return { problem: `--compare ${ref} needs a git repository: ${folder} is not in one (${(error as Error).message})`, usage: true };
  }
  let commit: string;
  try {
    // `--end-of-options`: a ref that starts with "-" is a name, never a git option.
    commit = await git(repo, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]);
  } catch {
    return { problem: `--compare ${ref}: no such commit in ${repo}`, usage: true };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mcp-lens-compare-'));
  try {
    await git(repo, ['worktree', 'add', '--detach', '--quiet', dir, commit]);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    return { problem: `--compare ${ref}: git could not check out ${commit.slice(0, 12)}: ${(error as Error).message}`, usage: false };
  }
  const real = await realpath(dir);
  let removed = false;
  const map = (file: string) => {
    const relative = path.relative(repo, realOrSelf(file));
    return relative.startsWith('..') || path.isAbsolute(relative) ? file : path.join(real, relative);
  };
  return {
    repo,
    dir: real,
    ref,
    commit,
    map,
    remove: async () => {
      if (removed) return;
      removed = true;
      await ignoreClosing(git(repo, ['worktree', 'remove', '--force', real]));
      // A server that wrote into its folder, or a remove that failed: the folder goes anyway, and git forgets it.
      await rm(real, { recursive: true, force: true });
      // A prune that fails leaves an entry for a folder that is gone: git prunes those itself later.
      await ignoreClosing(git(repo, ['worktree', 'prune']));
    },
    removeSync: () => {
      if (removed) return;
      removed = true;
      try {
        execFileSync('git', ['-C', repo, 'worktree', 'remove', '--force', real], { stdio: 'ignore' });
      } catch {
        // pruned below once the folder is gone
      }
      try {
        rmSync(real, { recursive: true, force: true });
        execFileSync('git', ['-C', repo, 'worktree', 'prune'], { stdio: 'ignore' });
      } catch {
        // nothing more can be done while exiting
      }
    },
  };
}

/** The real path of a file that exists, else of its nearest existing folder, with the rest appended. */
function realOrSelf(file: string): string {
  const absolute = path.resolve(file);
  for (let dir = absolute, rest = ''; ; rest = path.join(path.basename(dir), rest), dir = path.dirname(dir)) {
    try {
      return path.join(realpathSync(dir), rest);
    } catch {
      if (path.dirname(dir) === dir) return absolute;
    }
  }
}
