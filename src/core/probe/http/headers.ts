import { recordVerdict, type Probe, type ProbeContext } from '../probe';
import { answerErrorCode, probeExchange, type ProbeAnswer } from './exchange';
import { modernPostHeaders, probeMeta, statusOf } from './probeSession';
import { probeRequestId } from '../requestId';

/** SEP-2243's code for a header that disagrees with the body. */
const HEADER_MISMATCH = -32020;

/**
 * A tool no server has: the Mcp-Name cases call it, so a server that fails to check the header
 * answers "unknown tool" and runs nothing (`check` never calls a real tool).
 */
const NO_TOOL = 'mcp-lens-probe-no-such-tool';

/** One request whose standard headers are changed so that the server must refuse it. */
interface HeaderCase {
  what: string;
  method: 'tools/list' | 'tools/call';
  /** Header values replacing the right ones; undefined removes the header. */
  headers: Record<string, string | undefined>;
  /** The body's `_meta` protocol version, where it is not the one the MCP-Protocol-Version header gives. */
  bodyVersion?: string;
}

const CASES: readonly HeaderCase[] = [
  { what: 'Mcp-Method "prompts/list" on a tools/list body', method: 'tools/list', headers: { 'Mcp-Method': 'prompts/list' } },
  { what: 'no Mcp-Method on a tools/list body', method: 'tools/list', headers: { 'Mcp-Method': undefined } },
  {
    what: 'Mcp-Method "TOOLS/LIST" on a tools/list body (values are case-sensitive)',
    method: 'tools/list',
    headers: { 'Mcp-Method': 'TOOLS/LIST' },
  },
  { what: `Mcp-Name "other_tool" on a tools/call of "${NO_TOOL}"`, method: 'tools/call', headers: { 'Mcp-Name': 'other_tool' } },
  { what: `no Mcp-Name on a tools/call of "${NO_TOOL}"`, method: 'tools/call', headers: { 'Mcp-Name': undefined } },
  // The protocol version "MUST match the MCP-Protocol-Version header; otherwise the server MUST return a 400 Bad Request".
  {
    what: 'an MCP-Protocol-Version header that disagrees with the body\'s _meta protocolVersion "9999-01-01"',
    method: 'tools/list',
    headers: {},
    bodyVersion: '9999-01-01',
  },
];

/**
 * SEP-2243 (2026-07-28 Streamable HTTP): a server MUST reject a request whose Mcp-Method or
 * Mcp-Name header is missing or disagrees with its body, with HTTP 400 and -32020
 * (HeaderMismatch); so too one whose MCP-Protocol-Version disagrees with its `_meta` (the
 * suite's server-stateless). The refusals of the conformance suite's http-header-validation, sent raw:
 * MCP Lens's own requests always agree with their bodies. (Its whitespace case is left out: an
 * HTTP parser trims a value before server code sees it, as RFC 9110 §5.5 has it; Node's does.)
 */
export const headersProbe: Probe = {
  id: 'headers',
  title: 'Mcp-Method, Mcp-Name and MCP-Protocol-Version headers that disagree with the body are refused',
  skip(ctx) {
    if (!ctx.http) return 'stdio has no headers (Mcp-Method and Mcp-Name are Streamable HTTP headers)';
    if (ctx.info.era !== 'modern') return `${ctx.info.protocolVersion} has no Mcp-Method or Mcp-Name headers (2026-07-28 and later)`;
    return undefined;
  },
  async run(ctx) {
    for (const c of CASES) judge(ctx, c, await send(ctx, c));
  },
};

async function send(ctx: ProbeContext, c: HeaderCase): Promise<ProbeAnswer> {
  const version = ctx.info.protocolVersion;
  const meta = probeMeta(c.bodyVersion ?? version);
  const params = c.method === 'tools/call' ? { name: NO_TOOL, arguments: {}, _meta: meta } : { _meta: meta };
  const msg = { jsonrpc: '2.0' as const, id: probeRequestId('headers'), method: c.method, params };
  const headers = modernPostHeaders(ctx, msg, version);
  for (const [name, value] of Object.entries(c.headers)) {
    if (value === undefined) delete headers[name];
    else headers[name] = value;
  }
  return probeExchange(ctx, 'headers', ctx.http!.url, { method: 'POST', headers, body: JSON.stringify(msg) });
}

function judge(ctx: ProbeContext, c: HeaderCase, answer: ProbeAnswer): void {
  if (answer.status === undefined) return;
  const code = answerErrorCode(answer);
  const record = (message: string, hint: string, severity?: 'warning') =>
    recordVerdict(ctx.client.trace, 'headers', {
      rule: 'header-mismatch-accepted',
      message,
      hint,
      evidence: [answer.seq],
      severity,
      group: c.what,
    });
  if (answer.status !== 400) {
    record(
      `A request with ${c.what} was answered ${statusOf(answer)}; a Mcp-Method, Mcp-Name or MCP-Protocol-Version header that is missing or disagrees with the body MUST be refused with HTTP 400 and -32020 (HeaderMismatch)`,
      "Compare Mcp-Method with the method, Mcp-Name with params.name (or uri) and MCP-Protocol-Version with _meta's protocolVersion before dispatching, exactly (values are case-sensitive); answer a missing or different header with HTTP 400 and JSON-RPC error -32020.",
    );
  } else if (code !== HEADER_MISMATCH) {
    record(
      `A request with ${c.what} was refused with HTTP 400 but JSON-RPC error ${code ?? '(none)'} instead of -32020 (HeaderMismatch)`,
      'Answer a header that disagrees with the body with JSON-RPC error -32020 (HeaderMismatch), so that a client can tell it from other bad requests.',
      'warning',
    );
  }
}
