import type { ProbeRule } from '../diagnose/diagnostic';
import { isRecord } from '../schema/isRecord';
import { ConnectionClosedError } from '../session/errors';
import { META_CLIENT_CAPABILITIES, META_CLIENT_INFO, META_PROTOCOL_VERSION } from '../session/protocol';
import { rawExchange } from '../session/rawExchange';
import type { JsonRpcRequest } from '../wire/message';
import { recordVerdict, type Probe, type ProbeContext, type ProbeVerdict } from './probe';
import { quote } from './exchange';
import { answerResponse, probeExchange } from './http/exchange';
import { modernPostHeaders, probeMeta, statusOf } from './http/probeSession';
import { probeRequestId } from './requestId';

/** A version no server implements (date-shaped, as revisions are). */
const UNKNOWN_VERSION = '9999-01-01';
/** A method no server implements. */
const UNKNOWN_METHOD = 'mcp-lens/no-such-method';

/** What the spec asks of the answer to one request. */
type Expected = 'invalid-params' | 'served' | 'unsupported-version' | 'method-not-found';

/** The answer each refusal must be: its JSON-RPC code and, on Streamable HTTP, its status. */
const REFUSAL: Record<Exclude<Expected, 'served'>, { status: number; code: number; must: string; name: string }> = {
  'invalid-params': {
    status: 400,
    code: -32602,
    must: 'a request missing a required _meta field MUST be refused',
    name: 'Invalid params',
  },
  'unsupported-version': {
    status: 400,
    code: -32022,
    must: 'a version the server does not support MUST be refused',
    name: 'UnsupportedProtocolVersionError',
  },
  'method-not-found': {
    status: 404,
    code: -32601,
    must: 'a method the server does not implement MUST be answered',
    name: 'Method not found',
  },
};

/** What one request was answered: the events that prove it, and on HTTP its status. */
interface Answered {
  evidence: number[];
  /** Streamable HTTP: the status, and how a verdict shows it ("400 Bad Request"). */
  http?: { status: number; shown: string };
  /** The JSON-RPC response, if one came (over stdio: within the probe's timeout). */
  response: Record<string, unknown> | undefined;
}

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
  'Validate params._meta before dispatching: "io.modelcontextprotocol/protocolVersion" and "io.modelcontextprotocol/clientCapabilities" are required on every 2026-07-28 request ("A request missing any required field is malformed; the server MUST reject it with JSON-RPC error code -32602"), and on Streamable HTTP with 400 Bad Request.';

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
 * effects: only server/discover and a method no server has. Over Streamable HTTP each is a
 * POST of its own; over stdio they go on the session's stream, all at once (a stateless
 * server answers each on its own), with ids the session's rules leave to the probe.
 */
export const statelessProbe: Probe = {
  id: 'stateless',
  title: 'requests with a broken _meta, an unknown version or an unknown method are refused as 2026-07-28 asks',
  skip(ctx) {
    if (ctx.info.era !== 'modern') return `${ctx.info.protocolVersion} has no per-request _meta (2026-07-28 and later)`;
    return undefined;
  },
  async run(ctx) {
    const supported = discoveredVersions(ctx);
    // A stdio stream this session has opened at its revision carries that revision in every
    // request a host sends; the official SDK's stdio entry checks the version on the opening
    // request only. Another version mid-stream is no host's traffic: asked where each request
    // stands alone (HTTP), not here.
    const asked = cases(ctx)
      .filter((c) => ctx.http || c.expected !== 'unsupported-version')
      .map((c) => ({ c, id: probeRequestId('stateless') }));
    // Over HTTP one POST after another; over stdio all at once, each answered on its own.
    const answers: (Answered | undefined)[] = [];
    if (ctx.http) for (const { c, id } of asked) answers.push(await post(ctx, c, id));
    else answers.push(...(await Promise.all(asked.map(({ c, id }) => onStream(ctx, c, id)))));
    asked.forEach(({ c, id }, i) => {
      const answer = answers[i];
      const verdict = answer && judge(c, answer, id, supported, ctx.timeoutMs);
      if (verdict) recordVerdict(ctx.client.trace, 'stateless', verdict);
    });
  },
};

function request(c: StatelessCase, id: string): JsonRpcRequest {
  return { jsonrpc: '2.0', id, method: c.method, params: c.meta ? { _meta: c.meta } : {} };
}

/** Over Streamable HTTP; undefined when the request could not be made (nothing to judge). */
async function post(ctx: ProbeContext, c: StatelessCase, id: string): Promise<Answered | undefined> {
  const msg = request(c, id);
  const answer = await probeExchange(ctx, 'stateless', ctx.http!.url, {
    method: 'POST',
    headers: modernPostHeaders(ctx, msg, c.version),
    body: JSON.stringify(msg),
  });
  if (answer.status === undefined) return undefined;
  return { evidence: [answer.seq], http: { status: answer.status, shown: statusOf(answer) }, response: answerResponse(answer) };
}

/** Over stdio, on the session's stream (its probe id keeps the session's rules off it); a closed connection means the probe could not finish. */
async function onStream(ctx: ProbeContext, c: StatelessCase, id: string): Promise<Answered> {
  const answer = await rawExchange(ctx.client, JSON.stringify(request(c, id)), id, ctx.timeoutMs, ctx.signal);
  if (answer.closed) throw new ConnectionClosedError(`the server closed the connection before answering ${c.method}`);
  const evidence = [answer.requestSeq, answer.response?.seq ?? 0].filter((seq) => seq > 0);
  return { evidence, response: answer.response?.msg };
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
function judge(
  c: StatelessCase,
  answer: Answered,
  id: string,
  supported: readonly string[] | undefined,
  timeoutMs: number,
): ProbeVerdict | undefined {
  const { http, response } = answer;
  const error = isRecord(response?.error) ? response.error : undefined;
  const what = error
    ? `with error ${typeof error.code === 'number' ? error.code : quote(error.code)}`
    : response && 'result' in response
      ? 'with a result'
      : undefined;
  const got = http
    ? `was answered ${http.shown} ${what ?? 'without a JSON-RPC response'}`
    : what
      ? `was answered ${what}`
      : `got no answer within ${timeoutMs} ms`;
  const verdict = (wrong: string, severity?: 'warning'): ProbeVerdict => ({
    rule: c.rule,
    message: `A ${c.what} ${got}: ${wrong}`,
    hint: c.hint,
    evidence: answer.evidence,
    group: c.what,
    ...(severity ? { severity } : {}),
  });
  if (c.expected === 'served') {
    const served = (!http || (http.status >= 200 && http.status < 300)) && !error && response !== undefined;
    return served ? undefined : verdict('the server requires clientInfo, which a client may leave out', 'warning');
  }
  const want = REFUSAL[c.expected];
  if (error?.code !== want.code || (http && http.status !== want.status)) {
    return verdict(`${want.must} with ${http ? `HTTP ${want.status} and ` : ''}${want.code} (${want.name})`);
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
