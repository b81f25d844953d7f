/** The server answered an HTTP request with an error status and no JSON-RPC error to show for it. */
export class HttpStatusError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly url: string,
    /** The request carried an Mcp-Session-Id the server no longer knows (404). */
    readonly sessionExpired = false,
  ) {
    super(message);
    this.name = 'HttpStatusError';
  }
}

/** No HTTP response at all (refused, reset, DNS, TLS), or the response stream broke off. */
export class HttpNetworkError extends Error {
  constructor(
    message: string,
    /** ECONNREFUSED, ECONNRESET, ENOTFOUND, UND_ERR_SOCKET… */
    readonly code: string,
  ) {
    super(message);
    this.name = 'HttpNetworkError';
  }
}

/** The errno-style code behind a failed fetch (undici puts it on `cause`, sometimes nested). */
export function networkCode(err: unknown): string {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    // The Fetch standard's "port blocking" (X11's 6000, IRC's 6665–6669…): undici refuses such a
    // port before connecting, with a cause of this message and no code.
    if ((e as { message?: unknown }).message === 'bad port') return 'BAD_PORT';
    e = (e as { cause?: unknown }).cause;
  }
  return err instanceof Error && err.name === 'AbortError' ? 'ABORTED' : 'UNKNOWN';
}

export function networkMessage(err: unknown): string {
  const cause = err instanceof Error ? (err.cause as Error | undefined) : undefined;
  const base = err instanceof Error ? err.message : String(err);
  return cause?.message && cause.message !== base ? `${base}: ${cause.message}` : base;
}
