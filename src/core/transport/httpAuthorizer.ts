import type { Trace } from '../trace/trace';

/** A 401 or 403 the MCP endpoint answered, as the HTTP transport hands it to its authorizer. */
export interface AuthChallenge {
  status: number;
  wwwAuthenticate?: string;
  /** The Authorization header value the refused request carried. */
  sentAuthorization?: string;
  /** 1 for the first refusal of a request, 2 after one authorization did not satisfy it, … */
  round: number;
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
  close(): void;
}
