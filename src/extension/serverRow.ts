import { exitSentence } from '../core/diagnose/exitStory';
import type { ServerState } from './serverEntry';

/** What a server row says: `short` fits the description at the default sidebar width, `full` is the tooltip's. */
export interface RowText {
  short: string;
  full: string;
}

interface Described {
  state: ServerState;
  transport: string;
  era?: { era: string; protocolVersion: string };
}

/**
 * The state in words. The row's icon already says running / failed, so the short text leads
 * with what the icon cannot: the era of a running server, the reason of a failure. A row is
 * cut at its end, so the reason comes first and the exit status after it.
 */
export function rowText({ state, era }: Described): RowText {
  switch (state.kind) {
    case 'stopped':
      return same('stopped');
    case 'starting':
      return same('starting…');
    case 'stopping':
      return same('stopping…');
    case 'running':
      return era ? { short: `${era.era} ${era.protocolVersion}`, full: `running · ${era.era} ${era.protocolVersion}` } : same('running');
    case 'crashed': {
      const full = exitSentence(state);
      const status = exitSentence({ code: state.code, signal: state.signal });
      return { short: state.reason ? `${firstLine(state.reason)} · ${status}` : status, full };
    }
    case 'error':
      return { short: firstLine(state.message), full: `error: ${state.message}` };
    case 'needs-sign-in':
      return { short: 'needs sign-in', full: `needs sign-in: ${state.issuer} asks for authorization` };
  }
}

function same(text: string): RowText {
  return { short: text, full: text };
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0];
}
