/**
 * What a trace may show of HTTP headers and URLs (DESIGN.md §5.8: "secrets in env, headers and
 * inputs are redacted"). Credentials are replaced, never dropped, so a reader still sees that
 * one was sent.
 */

export const REDACTED = '<redacted>';

/** Authorization, cookies, a DPoP proof (RFC 9449), and anything named like a credential (X-API-Key, X-Auth-Token…). */
const SECRET_NAME =
  /^(authorization|proxy-authorization|cookie|set-cookie|dpop)$|token|secret|passw|api[-_]?key|access[-_]?key|auth|credential|signature/i;

export function isSecretHeader(name: string): boolean {
  // A challenge names what to send, it is not a credential: the 401 diagnosis needs it whole.
  if (/^www-authenticate$/i.test(name)) return false;
  return SECRET_NAME.test(name);
}

/** Header values with credentials replaced; `secrets` (resolved password inputs) are hidden wherever they appear. */
export function redactHeaders(headers: Record<string, string>, secrets: readonly string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = isSecretHeader(name) ? redactAuthValue(value) : hideSecrets(value, secrets);
  }
  return out;
}

/** "Bearer abc…" keeps its scheme: which kind of credential was sent matters when a 401 comes back. */
function redactAuthValue(value: string): string {
  const scheme = /^(Bearer|Basic|Digest|Token|DPoP)\s+/i.exec(value);
  return scheme ? `${scheme[1]} ${REDACTED}` : REDACTED;
}

export function hideSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join(REDACTED);
  return out;
}

/** A URL without its password and without the values of credential-like query parameters. */
export function redactUrl(url: string, secrets: readonly string[] = []): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = REDACTED;
    for (const key of [...u.searchParams.keys()]) if (isSecretHeader(key) || /^key$|sig/i.test(key)) u.searchParams.set(key, REDACTED);
    return hideSecrets(u.toString(), secrets);
  } catch {
    return hideSecrets(url, secrets);
  }
}
