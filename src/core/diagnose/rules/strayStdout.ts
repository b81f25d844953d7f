import type { Rule } from '../rule';
import { describeRequest, quote } from '../describe';
import type { DiagnoseContext } from '../context';
import { DEFAULT_MAX_LINE_BYTES } from '../../wire/framer';

export const strayStdout: Rule = {
  id: 'stray-stdout',
  stage: 'framing',
  // stdio: "The server MUST NOT write anything to its stdout that is not a valid MCP message."
  severity: 'error',
  on: ['s2c-line'],
  onEvent(e, ctx, report) {
    if (e.dir === 's2c' && e.kind === 'oversize') return reportOversize(e.seq, e.raw, e.info, ctx, report);
    // Text after a message on the same line is glued-output's to report, with the line's messages.
    // Text nested past the depth cap is json-too-deep's.
    if (e.dir !== 's2c' || e.kind !== 'stray' || e.piece || e.info?.tooDeep) return;
    // A line that starts like a message but does not parse is a lost message, not just noise.
    const broken = /^\s*\{\s*"jsonrpc"/.test(e.raw);
    // The preload's record of the write, when it came first (it names the source line).
    const writer = ctx.strayWriters.get(e.raw);
    const at = writer ? `, written at ${writer.where}` : '';
    report({
      message: broken
        ? `stdout line is broken JSON (a message the client cannot read)${at}: ${quote(e.raw)}`
        : `stdout line is not JSON${at}: ${quote(e.raw)}`,
      evidence: writer ? [e.seq, writer.seq] : [e.seq],
      group: broken ? 'broken' : undefined,
      hint: broken
        ? 'Serialise each message with JSON.stringify / json.dumps (no NaN, no trailing commas) and write it whole.'
        : 'stdout carries only protocol messages: log with console.error (Node) or print(..., file=sys.stderr) (Python), or a logger configured for stderr; silence launcher output (npx -y, --quiet).',
    });
  },
};

/** A line over the cap was not read: only its head is kept, so a message in it is lost. */
function reportOversize(
  seq: number,
  head: string,
  info: Record<string, unknown> | undefined,
  ctx: DiagnoseContext,
  report: Parameters<NonNullable<Rule['onEvent']>>[2],
): void {
  const size = typeof info?.bytes === 'number' ? `${info.bytes} bytes` : 'a size';
  // The framer's scan found the line's top-level id: name the request the lost answer was for.
  const id = info?.id;
  const r = typeof id === 'number' || typeof id === 'string' ? ctx.requestFor(id) : undefined;
  const answers = r ? ` It answered ${describeRequest(r)}, which fails without it.` : '';
  report({
    message: `stdout line of ${size} is over the ${DEFAULT_MAX_LINE_BYTES / (1024 * 1024)} MiB line cap; only its first ${Buffer.byteLength(head)} bytes were kept, so a message in it is lost: ${quote(head)}.${answers}`,
    evidence: r ? [r.seq, seq] : [seq],
    group: 'oversize',
    hint: 'Return large content as a resource link (or in pages) instead of one giant message; a line this size is more than any client should hold.',
  });
}
