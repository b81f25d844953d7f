/** The parameters of a Bearer challenge in `WWW-Authenticate` (RFC 6750 §3, RFC 9728 §5.1). */
export interface BearerChallenge {
  resourceMetadata?: string;
  scope?: string;
  error?: string;
}

/** RFC 9110 §11.6.1 auth-params: `name=token` or `name="quoted string"`, comma separated. */
const AUTH_PARAM = /([A-Za-z_][\w-]*)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g;

/** The Bearer challenge of a `WWW-Authenticate` value; other schemes' parameters are left out. */
export function bearerChallenge(value: string | undefined | null): BearerChallenge {
  if (!value) return {};
  // Several challenges may share one header ("Basic realm=x, Bearer scope=y"): keep the Bearer one.
  const start = value.search(/(^|[\s,])Bearer(\s|$)/i);
  let text = start < 0 ? value : value.slice(start);
  const next = /,\s*(?!Bearer)[A-Za-z][\w.+-]*\s+[A-Za-z_][\w-]*\s*=/.exec(text.slice(7));
  if (next) text = text.slice(0, 7 + next.index);
  const params: Record<string, string> = {};
  for (const m of text.matchAll(AUTH_PARAM)) params[m[1]!.toLowerCase()] = (m[2] ?? m[3] ?? '').replace(/\\(.)/g, '$1');
  const out: BearerChallenge = {};
  if (params.resource_metadata) out.resourceMetadata = params.resource_metadata;
  if (params.scope) out.scope = params.scope;
  if (params.error) out.error = params.error;
  return out;
}
