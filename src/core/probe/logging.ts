import { LOG_LEVELS, offersLogging } from '../session/logLevel';
import { evidence, exchange } from './exchange';
import { recordVerdict, type Probe } from './probe';

/** Where the probe leaves a server that had no level asked for: the spec's own example level. */
const SANE_LEVEL = 'info';

/**
 * 2025-11-25 server/utilities/logging: "Servers that emit log message notifications MUST
 * declare the logging capability" and "To configure the minimum log level, clients MAY send a
 * logging/setLevel request"; a declared capability is a promise to honour it for every
 * RFC 5424 level the schema's LoggingLevel lists. 2026-07-28 removed logging/setLevel.
 */
export const loggingProbe: Probe = {
  id: 'logging',
  title: 'logging/setLevel is accepted for every level',
  skip(ctx) {
    if (ctx.info.era === 'modern') return `logging/setLevel does not exist in ${ctx.info.protocolVersion} (the level rides in _meta)`;
    return offersLogging(ctx.info.capabilities) ? undefined : 'the server does not declare logging';
  },
  async run(ctx) {
    const refused: string[] = [];
    const seqs: number[] = [];
    let firstCode: number | undefined;
    for (const level of LOG_LEVELS) {
      const answer = await exchange(ctx, 'logging/setLevel', { level });
      if (!('error' in answer)) continue;
      refused.push(level);
      firstCode ??= answer.error.code;
      seqs.push(answer.responseSeq, answer.requestSeq);
    }
    // Leave the server as chatty as a host would: the level the user asked for, or info.
    const restore = ctx.client.currentLogLevel ?? SANE_LEVEL;
    if (refused.length < LOG_LEVELS.length) await exchange(ctx, 'logging/setLevel', { level: restore });
    if (refused.length === 0) return;
    recordVerdict(ctx.client.trace, 'logging', {
      rule: 'logging-level-refused',
      message: `the server declares logging but refused logging/setLevel for ${refused.length === LOG_LEVELS.length ? 'every level' : refused.map((l) => `"${l}"`).join(', ')} (error ${firstCode})`,
      hint: 'Handle logging/setLevel for every RFC 5424 level (debug … emergency), or stop declaring the logging capability.',
      evidence: evidence(...seqs.slice(0, 4)),
    });
  },
};
