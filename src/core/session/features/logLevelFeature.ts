import { META_LOG_LEVEL, type LogLevel } from '../logLevel';
import type { ClientFeature, FeatureHost } from './feature';

/**
 * The server's log level. Legacy: `logging/setLevel` (answered, or rejected with the
 * server's error). 2026-07-28 has no such method: every later request carries
 * `io.modelcontextprotocol/logLevel` in its `_meta`.
 */
export class LogLevelFeature implements ClientFeature {
  /** The log level asked for; a 2026-07-28 request carries it in `_meta`. */
  private level: LogLevel | undefined;

  constructor(private readonly host: FeatureHost) {}

  get current(): LogLevel | undefined {
    return this.level;
  }

  async setLogLevel(level: LogLevel): Promise<void> {
    if (this.host.info()?.era === 'modern') {
      this.level = level;
      return;
    }
    await this.host.request('logging/setLevel', { level });
    this.level = level;
  }

  fillRequestMeta(meta: Record<string, unknown>): void {
    if (this.level) meta[META_LOG_LEVEL] = this.level;
  }
}
