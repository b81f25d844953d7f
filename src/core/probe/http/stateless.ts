import type { ProbeRule } from '../../diagnose/diagnostic';
import { isRecord } from '../../schema/isRecord';
import { META_CLIENT_CAPABILITIES, META_CLIENT_INFO, META_PROTOCOL_VERSION } from '../../session/protocol';
import { recordVerdict, type Probe, type ProbeContext, type ProbeVerdict } from '../probe';
import { quote } from '../exchange';
import { answerResponse, probeExchange, type ProbeAnswer } from './exchange';
import { modernPostHeaders, probeMeta, probeRequestId, statusOf } from './probeSession';

/** A version no server implements (date-shaped, as revisions are). */
const UNKNOWN_VERSION = '9999-01-01';
/** A method no server implements. */
const UNKNOWN_METHOD = 'mcp-lens/no-such-method';

/** What the spec asks of the answer to one request. */
type Expected = 'invalid-params' | 'served' | 'unsupported-version' | 'method-not-found';

/** The answer each refusal must be: its HTTP status and JSON-RPC code, and the rule in words. */
const REFUSAL: Record<Exclude<Expected, 'served'>, { status: number; code: number; must: string }> = {
  'invalid-params': {
    status: 400,
    code: -32602,
    must: 'a request missing a required _meta field MUST be refused with HTTP 400 and -32602 (Invalid params)',
  },
  'unsupported-version': {
    status: 400,
    code: -32022,
    must: 'a version the server does not support MUST be refused with HTTP 400 and -32022 (UnsupportedProtocolVersionError)',
  },
  'method-not-found': {
    status: 404,
    code: -32601,
    must: 'a method the server does not implement MUST be answered with HTTP 404 and -32601 (Method not found)',
  },
};

interface StatelessCase {
  what: string;
  rule: ProbeRule;
  method: string;
  /** The request's `_meta` (undefined: params without one). */
  meta: Record<string, unknown> | undefined;
  /** The MCP-Protocol-Version header, equal to the `_meta` one where there is one. */
  version: string;
  expected: Expected;
  /** Why the spec asks for that answer, with the fix. */
  hint: string;
}

const META_HINT =
  'Validate params._meta before dispatching: "io.modelcontextprotocol/protocolVersion" and "io.modelcontextprotocol/clientCapabilities" are required on every 2026-07-28 request ("A request missing any required field is malformed; the server MUST reject it with JSON-RPC error code -32602"), with HTTP 400 Bad Request.';

function cases(ctx: ProbeContext): StatelessCase[] {
  const version = ctx.info.protocolVersion;
  const full = probeMeta(version);
  const without = (key: string) => Object.fromEntries(Object.entries(full).filter(([k]) => k !== key));
  const meta = (what: string, m: Record<string, unknown> | undefined): StatelessCase => ({
    what,
    rule: 'request-meta-mishandled',
    method: 'server/discover',
    meta: m,
    version,
    expected: 'invalid-params',
    hint: META_HINT,
  });
  return [
    meta('server/discover without _meta', undefined),
    meta(`server/discover whose _meta has no "${META_PROTOCOL_VERSION}"`, without(META_PROTOCOL_VERSION)),
    meta(`server/discover whose _meta has no "${META_CLIENT_CAPABILITIES}"`, without(META_CLIENT_CAPABILITIES)),
    {
      ...meta(
        `server/discover whose _meta has no "${META_CLIENT_INFO}" (which a client SHOULD, not MUST, send)`,
        without(META_CLIENT_INFO),
      ),
      expected: 'served',
      hint: 'Serve a request without clientInfo: a client sends it "unless specifically configured not to do so", and "Servers SHOULD NOT use it to change their behavior".',
    },
    {
      what: `server/discover for protocol version "${UNKNOWN_VERSION}"`,
      rule: 'unsupported-version-mishandled',
      method: 'server/discover',
      meta: { ...full, [META_PROTOCOL_VERSION]: UNKNOWN_VERSION },
      version: UNKNOWN_VERSION,
      expected: 'unsupported-version',
      hint: '"If the server does not support the requested version, it MUST return an UnsupportedProtocolVersionError": -32022 with data {supported: [the versions server/discover lists], requested: the version asked for}, and on HTTP "400 Bad Request".',
    },
    {
      what: `request of "${UNKNOWN_METHOD}" (a method no server implements)`,
      rule: 'unknown-method-mishandled',
      method: UNKNOWN_METHOD,
      meta: full,
      version,
      expected: 'method-not-found',
      hint: 'Answer a method the server does not implement with JSON-RPC error -32601 (Method not found) and, on Streamable HTTP, 404 Not Found (SEP-2575): a client tells "not offered" apart from a failure by it.',
    },
  ];
}

/**
 * SEP-2575, the stateless protocol of 2026-07-28, for requests a server must refuse: each
 * request carries its own `_meta` (protocol version, client capabilities, client info), so a
 * server validates every one. The server side of the conformance suite's `server-stateless`
 * scenario, sent raw (MCP Lens's own requests are always well formed) and without side
 * effects: only server/discover and a method no server has.
 */
export const statelessProbe: Probe = {
  id: 'stateless',
  title: 'requests with a broken _meta, an unknown version or an unknown method are refused as 2026-07-28 asks',
  skip(ctx) {
    if (!ctx.http) return 'stdio: the probe sends its malformed requests raw, outside the session, which only HTTP allows';
    if (ctx.info.era !== 'modern') return `${ctx.info.protocolVersion} has no per-request _meta (2026-07-28 and later)`;
    return undefined;
  },
  async run(ctx) {
    const supported = discoveredVersions(ctx);
    for (const c of cases(ctx)) {
      const id = probeRequestId('stateless');
      const answer = await send(ctx, c, id);
      const verdict = judge(c, answer, id, supported);
      if (verdict) recordVerdict(ctx.client.trace, 'stateless', verdict);
    }
  },
};

async function send(ctx: ProbeContext, c: StatelessCase, id: string): Promise<ProbeAnswer> {
  const msg = { jsonrpc: '2.0' as const, id, method: c.method, params: c.meta ? { _meta: c.meta } : {} };
  return probeExchange(ctx, 'stateless', ctx.http!.url, {
    method: 'POST',
    headers: modernPostHeaders(ctx, msg, c.version),
    body: JSON.stringify(msg),
  });
}

/** The versions the session's server/discover listed (what an UnsupportedProtocolVersionError offers), if it listed any. */
function discoveredVersions(ctx: ProbeContext): string[] | undefined {
  for (const e of ctx.client.trace.events) {
    const result = e.dir === 's2c' && e.msg && 'result' in e.msg ? e.msg.result : undefined;
    if (isRecord(result) && Array.isArray(result.supportedVersions))
      return result.supportedVersions.filter((v): v is string => typeof v === 'string');
  }
  return undefined;
}

/** What is wrong with the answer, as a verdict, or undefined when it is what the spec asks. */
function judge(c: StatelessCase, answer: ProbeAnswer, id: string, supported: readonly string[] | undefined): ProbeVerdict | undefined {
  if (answer.status === undefined) return undefined;
  const response = answerResponse(answer);
  const error = isRecord(response?.error) ? response.error : undefined;
  const got = `${statusOf(answer)} ${error ? `with error ${typeof error.code === 'number' ? error.code : quote(error.code)}` : response && 'result' in response ? 'with a result' : 'without a JSON-RPC response'}`;
  const verdict = (wrong: string, severity?: 'warning'): ProbeVerdict => ({
    rule: c.rule,
    message: `A ${c.what} was answered ${got}: ${wrong}`,
    hint: c.hint,
    evidence: [answer.seq],
    group: c.what,
    ...(severity ? { severity } : {}),
  });
  if (c.expected === 'served') {
    const served = answer.status >= 200 && answer.status < 300 && !error && response !== undefined;
    return served ? undefined : verdict('the server requires clientInfo, which a client may leave out', 'warning');
  }
  const want = REFUSAL[c.expected];
  if (error?.code !== want.code || answer.status !== want.status) {
    return verdict(want.must);
  }
  if (JSON.stringify(response?.id) !== JSON.stringify(id)) {
    return verdict(`the error carries id ${quote(response?.id)}, not the request's ${JSON.stringify(id)}, so no client can match it`);
  }
  if (c.expected === 'unsupported-version') return judgeVersionData(error.data, supported, verdict);
  return undefined;
}

/** The UnsupportedProtocolVersionError's data: "supported" (versions the server does support) and "requested" (the one asked for). */
function judgeVersionData(
  data: unknown,
  supported: readonly string[] | undefined,
  verdict: (wrong: string) => ProbeVerdict,
): ProbeVerdict | undefined {
  const d = isRecord(data) ? data : {};
  const offered = Array.isArray(d.supported) ? d.supported : undefined;
  if (!offered || offered.length === 0)
    return verdict('its data has no "supported" list of the versions the server does support, so a client cannot retry with one');
  const strangers = supported ? offered.filter((v) => typeof v !== 'string' || !supported.includes(v)) : [];
  if (strangers.length > 0) {
    return verdict(
      `its data.supported lists ${quote(strangers)}, which server/discover's supportedVersions ${JSON.stringify(supported)} does not`,
    );
  }
  if (d.requested !== UNKNOWN_VERSION)
    return verdict(`its data.requested is ${quote(d.requested)}, not the version asked for ("${UNKNOWN_VERSION}")`);
  return undefined;
}
