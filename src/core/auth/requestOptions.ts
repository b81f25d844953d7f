import * as oauth from 'oauth4webapi';
import type { DpopKey } from './dpop';
import type { AuthExchanges, AuthStep } from './exchanges';

/**
 * oauth4webapi's request options: every request goes through the recording fetch. Plain http is
 * let through here; the flow itself refuses a non-loopback http endpoint (see secureEndpoint).
 * With a DPoP key, the request carries a proof (RFC 9449 §5: "a DPoP proof … in the DPoP header").
 */
export function requestOptions(
  exchanges: AuthExchanges,
  step: AuthStep,
  dpop?: DpopKey,
): { [oauth.customFetch]: typeof fetch; [oauth.allowInsecureRequests]: boolean; DPoP?: oauth.DPoPHandle } {
  const recorded = (url: string | URL | Request, init?: RequestInit) =>
    exchanges.fetch(step, String(url instanceof Request ? url.url : url), init);
  return { [oauth.customFetch]: recorded as typeof fetch, [oauth.allowInsecureRequests]: true, ...(dpop ? { DPoP: dpop.handle } : {}) };
}

/** OAuth 2.1 §1.5: endpoints MUST be https; http is accepted only on the loopback interface. */
export function isSecureEndpoint(url: string | undefined): boolean {
  if (!url) return false;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || (u.protocol === 'http:' && /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(u.hostname));
  } catch {
    return false;
  }
}
