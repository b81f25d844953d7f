import * as path from 'node:path';

/** Variables a preload adds to rather than replaces, with the separator each uses. */
const APPENDED: Record<string, string> = { NODE_OPTIONS: ' ', PYTHONPATH: path.delimiter };

/**
 * The child's environment, built deliberately: the parent's (a server needs PATH, HOME and
 * the like to start at all), then the server's configured env on top, then the preload's
 * variables, appended to NODE_OPTIONS / PYTHONPATH instead of clobbering a user's values.
 */
export function buildChildEnv(
  base: NodeJS.ProcessEnv,
  specEnv: Record<string, string> | undefined,
  preloadEnv: Record<string, string> | undefined,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(base)) if (v !== undefined) env[k] = v;
  Object.assign(env, specEnv);
  for (const [k, v] of Object.entries(preloadEnv ?? {})) {
    const sep = APPENDED[k];
    env[k] = sep !== undefined && env[k] ? `${env[k]}${sep}${v}` : v;
  }
  return env;
}
