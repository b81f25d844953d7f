import type { Trace } from '../trace/trace';

/** A 401 or 403 the MCP endpoint answered, as the HTTP transport hands it to its authorizer. */
export interface AuthChallenge {
  status: number;
  wwwAuthenticate?: string;
  /** The Authorization header value the refused request carried. */
  sentAuthorization?: string;
  /** 1 for the first refusal of a request, 2 after one authorization did not satisfy it, … (nonce retries not counted). */
  round: number;
  /** RFC 9449 §9: the `DPoP-Nonce` the refusal supplied. */
  dpopNonce?: string;
  /** How many `use_dpop_nonce` refusals of this request were already answered by sending it again. */
  nonceRetries?: number;
}

/** A request to the MCP endpoint as the transport sends it. */
export interface EndpointRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/**
 * What the Streamable HTTP transport asks of the authorization flow (src/core/auth): the header
 * to send, a chance to renew it before a request, and what to do when the server refuses one.
 */
export interface HttpAuthorizer {
  /** The Authorization header value to send now, if any. */
  authorization(): string | undefined;
  /** Renews a token about to expire (RFC 6749 §6 refresh) before the next request. */
  beforeRequest(trace: Trace): Promise<void>;
  /**
   * The server refused a request: true when new credentials were obtained and the request should
   * be sent again; false to leave the status to the diagnostics. Throws when the flow failed.
   */
  challenged(challenge: AuthChallenge, trace: Trace): Promise<boolean>;
  /**
   * Sends a request to the MCP endpoint with what its credentials need on each request: a token
   * bound to a key (DPoP, RFC 9449 §7) goes with a fresh proof, added to `request.headers`.
   * Absent: the transport sends as is.
   */
  send?(url: string, request: EndpointRequest, fetcher: (url: string, init: RequestInit) => Promise<Response>): Promise<Response>;
  close(): void;
}
