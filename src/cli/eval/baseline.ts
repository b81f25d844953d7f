/**
 * The server the change is measured from (`--compare`): the same server as it is at a git
 * ref, started from a temporary checkout of that ref exactly as it is started here (the eval
 * file's command relative to the same folder, its config server read from REF's config
 * files, `-- CMD` from the same folder), or the command `--compare-command` gives.
 */
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { checkoutRef, type CheckoutProblem, type RefCheckout } from '../../core/eval/refCheckout';
import type { ClientOptions, ServerSpec } from '../../core/session/client';
import { serverSpecFor } from '../../core/testing/serverSpec';
import type { ServerRef } from '../../core/testing/testFile';
import type { EvalArgs, EvalBaseline } from '../commands/evalArgs';
import { clientOptions, clientSpec } from '../commands/session';
import type { Loaded } from './evalRun';

export type BaselineSpec =
  { ok: true; spec: ServerSpec; options: ClientOptions; label: string } | { ok: false; message: string; usage?: boolean };

/** One checkout per repository and run; every one is removed by `removeAll`, also on Ctrl-C. */
export class Checkouts {
  private readonly byFolder = new Map<string, Promise<RefCheckout | CheckoutProblem>>();
  private readonly made: RefCheckout[] = [];
  private readonly onSignal = (signal: NodeJS.Signals) => {
    for (const c of this.made) c.removeSync();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };

  constructor(private readonly ref: string) {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, this.onSignal);
  }

  async of(folder: string): Promise<RefCheckout | CheckoutProblem> {
    const known = [...this.made].find((c) => !path.relative(c.repo, folder).startsWith('..'));
    if (known) return known;
    let pending = this.byFolder.get(folder);
    if (!pending) {
      pending = checkoutRef(folder, this.ref).then((c) => {
        if ('dir' in c) this.made.push(c);
        return c;
      });
      this.byFolder.set(folder, pending);
    }
    return pending;
  }

  async removeAll(): Promise<void> {
    for (const c of this.made.splice(0)) await c.remove();
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.off(signal, this.onSignal);
  }
}

export async function baselineSpec(
  baseline: EvalBaseline,
  loaded: Extract<Loaded, { ok: true }>,
  args: EvalArgs,
  checkouts: Checkouts | undefined,
): Promise<BaselineSpec> {
  if ('command' in baseline) {
    const spec = { ...(clientSpec(baseline.command) as ServerSpec), cwd: process.cwd() };
    return {
      ok: true,
      spec,
      options: clientOptions(baseline.command, args.timeoutMs),
      label: [baseline.command.command, ...baseline.command.args].join(' '),
    };
  }
  const fileServer = loaded.file.server;
  if (!args.server && fileServer && 'url' in fileServer)
    return {
      ok: false,
      message: `the file's server is a URL (${fileServer.url}): --compare REF starts a server from REF's checkout; give the other version with --compare-command CMD`,
    };
  const folder = args.server ? process.cwd() : path.dirname(loaded.file.path);
  const checkout = await checkouts!.of(folder);
  if (!('dir' in checkout)) return { ok: false, message: checkout.problem, usage: checkout.usage };
  const label = `${baseline.ref} (${checkout.commit.slice(0, 12)})`;
  let spec: ServerSpec;
  if (args.server) {
    // `-- CMD` runs in the current folder: at REF, in the same folder of the checkout.
    spec = { ...(clientSpec(args.server) as ServerSpec), cwd: checkout.map(process.cwd()) };
  } else {
    // The eval file as if it sat at the same place in REF: its command and config resolve there.
    const found = await serverSpecFor({
      path: checkout.map(loaded.file.path),
      server: fileServer as ServerRef | undefined,
      tests: [],
      problems: [],
    });
    if (!found.ok) return { ok: false, message: `at ${label}: ${found.message}` };
    spec = found.spec;
  }
  // Absolute paths into the repository (a resolved ${workspaceFolder}, a path given on the command line) point into the checkout.
  const moved = (word: string) => (path.isAbsolute(word) ? checkout.map(word) : word);
  spec = { ...spec, command: moved(spec.command), args: (spec.args ?? []).map(moved), ...(spec.cwd ? { cwd: moved(spec.cwd) } : {}) };
  if (spec.cwd && !existsSync(spec.cwd))
    return { ok: false, message: `at ${label}: the server's folder ${path.relative(checkout.dir, spec.cwd) || '.'} is not in that commit` };
  return { ok: true, spec, options: loaded.options, label };
}
