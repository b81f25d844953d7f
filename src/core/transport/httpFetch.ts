import { HttpNetworkError } from './httpErrors';
import { ignoreDiscarding } from '../util/ignored';

/** Same-origin 307/308 hops followed before the client gives up on a chain of redirects. */
export const MAX_REDIRECTS = 5;

/** One redirect the server answered with, and why it was not followed (when it was not). */
export interface RedirectFact {
  status: number;
  /** The Location as the server sent it, resolved against the URL it answered. */
  location: string;
  /** The URLs requested, in order, the endpoint first. */
  chain: string[];
  reason: string;
}

/** The server redirected the request somewhere the client will not go. */
export class HttpRedirectError extends HttpNetworkError {
  constructor(
    message: string,
    readonly redirect: RedirectFact,
  ) {
    super(message, 'HTTP_REDIRECT');
    this.name = 'HttpRedirectError';
  }
}

/**
 * fetch with redirects in the client's hands: a request to an MCP endpoint carries the
 * session id and credentials, and a POST carries the message, so only a same-origin 307 or
 * 308 (which keep the method and body, RFC 9110 §15.4.8–9) is followed, at most
 * MAX_REDIRECTS times and never back to a URL already requested. Any other redirect is an
 * HttpRedirectError naming the target, instead of fetch's bare "fetch failed".
 */
export async function fetchFollowing(url: string, init: RequestInit): Promise<Response> {
  const chain = [url];
  for (;;) {
    const res = await fetch(chain[chain.length - 1], { ...init, redirect: 'manual' });
    const raw = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
    if (raw === null) return res;
    await ignoreDiscarding(res.body?.cancel());
    const from = chain[chain.length - 1];
    let target: URL | undefined;
    try {
      target = new URL(raw, from);
    } catch {
      // An unparseable Location: nothing to follow.
    }
    const location = target?.href ?? raw;
    const reason = refusal(res.status, target, from, chain, init.method ?? 'GET');
    if (reason) {
      const fact: RedirectFact = { status: res.status, location, chain, reason };
      throw new HttpRedirectError(`HTTP ${res.status} redirect to ${location} not followed: ${reason}`, fact);
    }
    chain.push(location);
  }
}

/** Why a redirect is not followed, or undefined to follow it. */
function refusal(status: number, target: URL | undefined, from: string, chain: string[], method: string): string | undefined {
  if (!target) return 'the Location header is not a URL';
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return `${target.protocol} is not http or https`;
  if (target.origin !== new URL(from).origin)
    return `it leaves the endpoint's origin ${new URL(from).origin} (the session id and credentials are never sent elsewhere)`;
  // 301/302/303 turn a POST into a GET without its body: the message would be lost.
  if (status !== 307 && status !== 308 && method !== 'GET')
    return `HTTP ${status} would resend the ${method} as a GET without its body (only 307 and 308 keep it)`;
  if (chain.includes(target.href)) return `a redirect loop (${[...chain, target.href].join(' → ')})`;
  if (chain.length > MAX_REDIRECTS) return `more than ${MAX_REDIRECTS} redirects (${[...chain, target.href].join(' → ')})`;
  return undefined;
}
