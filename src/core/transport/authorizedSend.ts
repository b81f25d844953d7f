import type { Trace } from '../trace/trace';
import type { AuthChallenge, EndpointRequest, HttpAuthorizer } from './httpAuthorizer';

export interface AuthorizedSend {
  authorizer: HttpAuthorizer | undefined;
  trace: Trace;
  /** The headers of the first attempt. */
  headers: Record<string, string>;
  /** Sends the request with these headers (the caller keeps the latest, to record a network failure with them). */
  send: (headers: Record<string, string>) => Promise<Response>;
  /** The headers to send again after an authorization: they carry the new credentials. */
  nextHeaders: () => Record<string, string>;
  /** Records a refused exchange (reading its body) as a step of the authorization flow. */
  recordChallenge: (res: Response, headers: Record<string, string>) => Promise<void>;
}

/**
 * Sends a request to the MCP endpoint and, while the server refuses it with 401 or 403 and the
 * authorizer obtains new credentials, sends it again. "When authorization is required and not
 * yet proven, servers MUST respond with HTTP 401"; a 403 insufficient_scope asks for a step-up.
 * The authorizer decides; the answer it gave up on (or the last one) is returned to the caller.
 * Both HTTP transports use it: Streamable HTTP and the legacy HTTP+SSE.
 */
export async function sendAuthorized(req: AuthorizedSend): Promise<Response> {
  let headers = req.headers;
  let res = await req.send(headers);
  let round = 1;
  let nonceRetries = 0;
  while (req.authorizer && (res.status === 401 || res.status === 403)) {
    const nonce = isNonceChallenge(res);
    if (!(await authorizeAgain(req.authorizer, req, res, headers, round, nonceRetries))) break;
    if (nonce) nonceRetries++;
    else round++;
    headers = req.nextHeaders();
    res = await req.send(headers);
  }
  return res;
}

/** RFC 9449 §9: `WWW-Authenticate: DPoP error="use_dpop_nonce"`: send again with the server's nonce, not a new authorization. */
function isNonceChallenge(res: Response): boolean {
  return /\buse_dpop_nonce\b/.test(res.headers.get('www-authenticate') ?? '');
}

/** One request to the MCP endpoint, through the authorizer when it has something to add to each request (a DPoP proof). */
export function authorizedFetch(
  authorizer: HttpAuthorizer | undefined,
  url: string,
  request: EndpointRequest,
  fetcher: (url: string, init: RequestInit) => Promise<Response>,
): Promise<Response> {
  return authorizer?.send ? authorizer.send(url, request, fetcher) : fetcher(url, request);
}

/** Hands a 401/403 to the authorizer; when it obtained new credentials (or failed), the refused exchange is recorded as a step of the flow. */
async function authorizeAgain(
  authorizer: HttpAuthorizer,
  req: AuthorizedSend,
  res: Response,
  headers: Record<string, string>,
  round: number,
  nonceRetries: number,
): Promise<boolean> {
  const challenge: AuthChallenge = {
    status: res.status,
    round,
    nonceRetries,
    ...(res.headers.get('dpop-nonce') ? { dpopNonce: res.headers.get('dpop-nonce')! } : {}),
    ...(res.headers.get('www-authenticate') ? { wwwAuthenticate: res.headers.get('www-authenticate')! } : {}),
    ...(headers.Authorization ? { sentAuthorization: headers.Authorization } : {}),
  };
  let retry: boolean;
  try {
    retry = await authorizer.challenged(challenge, req.trace);
  } catch (err) {
    await req.recordChallenge(res, headers);
    throw err;
  }
  if (retry) await req.recordChallenge(res, headers);
  return retry;
}
