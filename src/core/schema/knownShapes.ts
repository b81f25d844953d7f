/**
 * Plain checks for the notifications servers send in floods (log lines, progress), run before
 * the compiled validator: a message they accept satisfies its definition in every shipped
 * schema version, so the validator would say `valid` too. They only ever say "surely valid";
 * anything else (a `_meta`, a field of an unusual type, another method) goes to the
 * validator, which decides and words the errors.
 */

/** LoggingLevel: the same eight values in every shipped version. */
const LEVELS = new Set(['alert', 'critical', 'debug', 'emergency', 'error', 'info', 'notice', 'warning']);

type Params = Record<string, unknown>;

/** The JSONRPCNotification envelope (jsonrpc "2.0", method a string) with plain-object params and no `_meta`. */
function plainParams(msg: Record<string, unknown>): Params | undefined {
  if (msg.jsonrpc !== '2.0' || typeof msg.method !== 'string') return undefined;
  const p = msg.params;
  if (typeof p !== 'object' || p === null || Array.isArray(p)) return undefined;
  // `_meta` has version-specific rules (2026-07-28 constrains its keys): the validator's call.
  return (p as Params)._meta === undefined ? (p as Params) : undefined;
}

/** LoggingMessageNotification: params {level: LoggingLevel, data: any (required), logger?: string}. */
function logMessage(msg: Record<string, unknown>): boolean {
  const p = plainParams(msg);
  if (!p) return false;
  const level = p.level;
  return typeof level === 'string' && LEVELS.has(level) && p.data !== undefined && (p.logger === undefined || typeof p.logger === 'string');
}

/** ProgressNotification: params {progressToken: string | integer, progress: number, total?: number, message?: string}. */
function progress(msg: Record<string, unknown>): boolean {
  const p = plainParams(msg);
  if (!p) return false;
  const token = p.progressToken;
  return (
    (typeof token === 'string' || Number.isInteger(token)) &&
    typeof p.progress === 'number' &&
    (p.total === undefined || typeof p.total === 'number') &&
    // 2024-11-05 does not define `message` (any value passes); later versions want a string.
    (p.message === undefined || typeof p.message === 'string')
  );
}

/**
 * The method of a notification the checks above prove valid (a constant string), else
 * undefined: ask the validator. By method, compared to constants, not looked up by the
 * message's own string: hashing a fresh string per message cost more than the checks.
 */
export function surelyValidNotification(msg: Record<string, unknown>): string | undefined {
  if ('id' in msg) return undefined;
  const method = msg.method;
  if (method === 'notifications/message') return logMessage(msg) ? 'notifications/message' : undefined;
  if (method === 'notifications/progress') return progress(msg) ? 'notifications/progress' : undefined;
  return undefined;
}
