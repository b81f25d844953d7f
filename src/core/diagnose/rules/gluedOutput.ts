import type { TraceEvent } from '../../trace/event';
import type { DiagnoseContext } from '../context';
import { ALL_S2C, type Finding, type Rule } from '../rule';
import { describeMessage } from '../envelope';
import { quote } from '../describe';

/**
 * stdio: messages "are delimited by newlines" and the server "MUST NOT write anything to its
 * stdout that is not a valid MCP message". One finding per line that held several messages,
 * or messages and text, reported on the line's last piece so its evidence is every piece.
 */
export const gluedOutput: Rule = {
  id: 'glued-output',
  stage: 'framing',
  severity: 'error',
  on: ALL_S2C,
  facts: ['piece', 'glued'],
  onEvent(e, ctx, report) {
    if (e.dir !== 's2c') return;
    // A trace written before lines were cut into pieces: one message, its prefix in `glued`.
    const piece = e.piece ?? (e.glued !== undefined && e.msg ? { index: 0, count: 1 } : undefined);
    if (!piece) return;
    const state = ctx.stateOf('glued-output', () => ({ pieces: [] as TraceEvent[] }));
    if (piece.index === 0) state.pieces = [];
    state.pieces.push(e);
    if (piece.index < piece.count - 1) return;
    const pieces = state.pieces;
    state.pieces = [];
    report(describeGluedLine(pieces, ctx));
  },
};

function describeGluedLine(pieces: readonly TraceEvent[], ctx: DiagnoseContext): Finding {
  const messages = pieces.filter((p) => p.msg);
  // Text that is not a message: before or between messages (`glued`), and after the last one (a stray piece).
  const texts = pieces.flatMap((p) => (p.msg ? (p.glued ? [p.glued] : []) : [p.raw]));
  const writers = texts.map((t) => ctx.strayWriters.get(t) ?? ctx.strayWriters.get(t.trim())).filter((w) => w !== undefined);
  const recovered = messages.map((m) => describeMessage(m)).join(', ');
  const what =
    texts.length === 0
      ? `${messages.length} messages with no newline between them`
      : `${plural(messages.length, 'message')} and text that is not a message`;
  const lost =
    texts.length === 0
      ? ''
      : `; not a message, kept as text: ${texts.map((t) => quote(t)).join(', ')}${writers.length ? ` (written at ${writers.map((w) => w.where).join(', ')})` : ''}`;
  return {
    message: `One stdout line held ${what}. MCP Lens recovered ${recovered}${lost}. A client that reads one message per line loses ${messages.length === 1 ? 'it' : 'them'}.`,
    evidence: [...pieces.map((p) => p.seq), ...writers.map((w) => w.seq)],
    hint:
      texts.length === 0
        ? 'Each message must end with "\\n" before the next one is written: write JSON.stringify(msg) + "\\n" in one call, and do not share stdout between writers.'
        : 'Something wrote to stdout without a newline (e.g. process.stdout.write("ready ")): write logs to stderr (console.error / print(..., file=sys.stderr)) and end every stdout write with "\\n".',
  };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
