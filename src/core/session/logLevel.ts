/**
 * Server log levels (RFC 5424, as the spec's LoggingLevel lists them, least severe first).
 * 2025-era: the client sends `logging/setLevel`; 2026-07-28 removed that method and carries
 * the level on every request as `_meta["io.modelcontextprotocol/logLevel"]`.
 */
export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const META_LOG_LEVEL = 'io.modelcontextprotocol/logLevel';

export function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === 'string' && (LOG_LEVELS as readonly string[]).includes(value);
}

/** Whether a message at `level` passes a filter at `threshold` ("this level and more severe"). */
export function atLeast(level: LogLevel, threshold: LogLevel): boolean {
  return LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(threshold);
}

/** Only a server that declares `logging` is asked to change its level. */
export function offersLogging(capabilities: Record<string, unknown> | undefined): boolean {
  return capabilities !== undefined && 'logging' in capabilities;
}

/** A notifications/message as one line: `[warning] database: Connection failed {…}`. */
export function logMessageText(params: Record<string, unknown> | undefined): { level: LogLevel | 'unknown'; text: string } {
  const level = isLogLevel(params?.level) ? params.level : 'unknown';
  const logger = typeof params?.logger === 'string' ? `${params.logger}: ` : '';
  const data = params?.data;
  const text = typeof data === 'string' ? data : JSON.stringify(data ?? null);
  return { level, text: `[${level}] ${logger}${text}` };
}
