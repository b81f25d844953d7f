/**
 * The first steps of Start, before anything is launched: the server's config resolved (its
 * `${input:…}` asked for), what the log must mask, the command line (rewritten for the debugger
 * when the server is debugged) and the request timeouts that fit how it runs.
 */
import { probeBounds } from '../core/session/clientOptions';
import * as os from 'node:os';
import { InputCancelledError, resolveServer, type ResolvedServer, type ResolveResult } from '../core/config/resolve';
import { resolveRemoteServer, type ResolveRemoteResult } from '../core/config/resolveRemote';
import type { InputDefinition, ServerConfig } from '../core/config/types';
import { planDebugLaunch, type DebugLaunch } from '../core/devloop/debugTarget';
import { SIGN_IN_TIMEOUT_MS } from '../core/auth/signInTimeout';
import { collectSecrets } from './diagnostics/liveSession';
import type { Failure } from './failure';
import type { Log } from './log';
import type { ServerEntry } from './serverEntry';
import { redactor } from './traceLog';

export type StartOutcome = { ok: true } | { ok: false; reason: string; failure?: Failure; cancelled?: boolean; needsSignIn?: boolean };

/** What a stdio server is launched with (or, for a remote one, its URL in `command`). */
export interface LaunchSpec {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
}

/** A server ready to be connected to: its resolved config and what Start derived from it. */
export interface StartPlan {
  /** Streamable HTTP (or SSE): nothing to launch, the session is keyed by the URL. */
  remote: { url: string; headers: Record<string, string> } | undefined;
  /** The resolved server as a command line (a remote one's URL as its command). */
  local: ResolvedServer;
  spec: LaunchSpec;
  debug: DebugLaunch | undefined;
  /** Password inputs, secret-looking env values and headers, and later the tokens learnt: masked everywhere. */
  secrets: string[];
  redact: (text: string) => string;
}

/** A step of Start that ends it, with the state the entry is left in (undefined: leave it as it is). */
export interface StartStopped {
  outcome: Extract<StartOutcome, { ok: false }>;
  state?: ServerEntry['state'];
}

/** Long enough to sit at a breakpoint: a paused server answers nothing. */
const DEBUG_REQUEST_TIMEOUT_MS = 60 * 60 * 1000;

/** Resolves the config (asking for its inputs), or says why Start ends here. */
export async function resolveForStart(
  entry: ServerEntry,
  resolveInput: (input: InputDefinition, server: ServerConfig) => Promise<string | undefined>,
  log: Log,
): Promise<{ resolved: ResolveResult | ResolveRemoteResult } | StartStopped> {
  const config = entry.config;
  try {
    const ctx = { userHome: os.homedir(), env: process.env, resolveInput };
    return { resolved: config.type === 'stdio' ? await resolveServer(config, ctx) : await resolveRemoteServer(config, ctx) };
  } catch (error) {
    if (error instanceof InputCancelledError) {
      return {
        outcome: { ok: false, reason: `Start of "${entry.name}" cancelled: ${error.message}.`, cancelled: true },
        state: { kind: 'stopped' },
      };
    }
    const message = `could not prepare the command: ${error instanceof Error ? error.message : String(error)}`;
    log.error(`[${entry.name}] ${message}`, error);
    return failed(`Cannot start "${entry.name}": ${message}`, message);
  }
}

/** The resolved server as a launch: its env (a null value cannot unset an inherited one), secrets and debug rewrite. */
export function planStart(entry: ServerEntry, resolved: ResolveResult | ResolveRemoteResult, log: Log): StartPlan | StartStopped {
  if (!resolved.ok) {
    const message = resolved.problems.map((p) => `${p.field}: ${p.message}`).join('; ');
    return failed(`Cannot start "${entry.name}": ${message}`, message);
  }
  const config = entry.config;
  const resolvedServer = resolved.server;
  const remote = 'url' in resolvedServer ? resolvedServer : undefined;
  const local: ResolvedServer =
    'url' in resolvedServer
      ? { name: resolvedServer.name, command: resolvedServer.url, args: [], cwd: os.homedir(), env: {}, secrets: resolvedServer.secrets }
      : resolvedServer;
  const { name, command, args, cwd } = local;
  // Password inputs and secret-looking env values and headers: the log must not show them either.
  const secrets = collectSecrets(local.secrets, local.env, remote?.headers).values;
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(local.env)) {
    if (value === null) log.warn(`[${name}] env.${key} is null: MCP Lens cannot unset an inherited variable; it keeps the inherited value`);
    else env[key] = value;
  }
  let spec: LaunchSpec = { name, command, args, cwd, env };
  let debug: DebugLaunch | undefined;
  if (!remote && (entry.debug || config.dev?.debug)) {
    const plan = planDebugLaunch(
      { command, args, env },
      { declared: config.dev?.debug?.type, breakOnStart: entry.debug?.breakOnStart, inheritedNodeOptions: process.env.NODE_OPTIONS },
    );
    if (!plan.ok) return failed(`Cannot debug "${entry.name}": ${plan.reason}`, plan.reason);
    debug = plan.launch;
    spec = { ...spec, ...debug.spec };
    log.info(`[${name}] debug launch: ${debug.how}`);
  }
  return { remote, local, spec, debug, secrets, redact: redactor(secrets) };
}

/** A debugged server may sit at a breakpoint; a sign-in waits for the person in the browser. */
export function timeoutsFor(plan: StartPlan, signingIn: boolean, requestTimeoutMs: number) {
  if (plan.debug) return { requestTimeoutMs: DEBUG_REQUEST_TIMEOUT_MS, maxTimeoutMs: DEBUG_REQUEST_TIMEOUT_MS };
  if (signingIn)
    return {
      requestTimeoutMs: SIGN_IN_TIMEOUT_MS,
      maxTimeoutMs: SIGN_IN_TIMEOUT_MS,
      probeTimeoutMs: SIGN_IN_TIMEOUT_MS,
      probeMaxWaitMs: SIGN_IN_TIMEOUT_MS,
    };
  return { requestTimeoutMs, ...probeBounds(requestTimeoutMs) };
}

/** The server's own Authorization header: the user handles its credentials, MCP Lens runs no OAuth flow. */
export function hasAuthorization(headers: Record<string, string>): boolean {
  return Object.keys(headers).some((h) => h.toLowerCase() === 'authorization');
}

/** A Start that cannot go on: the entry shows the error, the outcome says it. */
export function failed(reason: string, message: string): StartStopped {
  return { outcome: { ok: false, reason, failure: { message, stderrTail: [] } }, state: { kind: 'error', message, stderrTail: [] } };
}
