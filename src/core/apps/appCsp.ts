/**
 * The Content Security Policy an MCP App runs under, built from its resource's
 * `_meta.ui.csp` (MCP Apps: "Empty or omitted → no network connections (secure default)").
 * Pure: the proxy frame of the tool panel and the tests use the same text.
 */

/** The domain lists of `_meta.ui.csp` (McpUiResourceCsp); anything else in it is ignored. */
export interface AppCspDomains {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
}

/** A declared domain that is not used, and why: shown to the app's author. */
export interface RefusedDomain {
  list: keyof AppCspDomains;
  value: unknown;
  reason: string;
}

export interface AppCsp {
  /** The policy of the app's own document. */
  policy: string;
  /** The sources that were accepted, by list: the tool panel widens its own policy by exactly these. */
  domains: Required<AppCspDomains>;
  refused: RefusedDomain[];
}

const LISTS: (keyof AppCspDomains)[] = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'];

/**
 * An origin a policy may name: http(s) or ws(s), a host (a leading `*.` allowed), an optional
 * port, nothing else. A CSP keyword, a `;` or a space would let the server write its own
 * directives into ours, so they are refused, not escaped.
 */
const SOURCE = /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?\/?$/i;

/** Reads `_meta.ui.csp` whatever its shape: a server's metadata is untrusted input. */
export function appCsp(declared: unknown): AppCsp {
  const domains: Required<AppCspDomains> = { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] };
  const refused: RefusedDomain[] = [];
  const record = declared && typeof declared === 'object' && !Array.isArray(declared) ? (declared as Record<string, unknown>) : {};
  for (const list of LISTS) {
    const values = record[list];
    if (values === undefined) continue;
    if (!Array.isArray(values)) {
      refused.push({ list, value: values, reason: 'not a list of origins' });
      continue;
    }
    for (const value of values) {
      const reason = sourceProblem(value);
      if (reason) refused.push({ list, value, reason });
      else if (!domains[list].includes(value as string)) domains[list].push((value as string).replace(/\/$/, ''));
    }
  }
  return { policy: policyOf(domains), domains, refused };
}

function sourceProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return 'not a string';
  if (!SOURCE.test(value)) return 'not an http(s) or ws(s) origin (a CSP keyword, path or separator is not accepted)';
  return undefined;
}

/**
 * The MCP Apps default policy, widened only by what the resource declared: inline scripts
 * and styles (a single-file app needs them), data: images and media, no network, no frames.
 */
function policyOf(d: Required<AppCspDomains>): string {
  const with_ = (base: string[], extra: string[]) => [...base, ...extra].join(' ');
  return [
    "default-src 'none'",
    `script-src ${with_(["'self'", "'unsafe-inline'"], d.resourceDomains)}`,
    `style-src ${with_(["'self'", "'unsafe-inline'"], d.resourceDomains)}`,
    `img-src ${with_(["'self'", 'data:'], d.resourceDomains)}`,
    `font-src ${with_(["'self'"], d.resourceDomains)}`,
    `media-src ${with_(["'self'", 'data:'], d.resourceDomains)}`,
    `connect-src ${with_(["'self'"], d.connectDomains)}`,
    `frame-src ${d.frameDomains.length ? d.frameDomains.join(' ') : "'none'"}`,
    "object-src 'none'",
    `base-uri ${d.baseUriDomains.length ? d.baseUriDomains.join(' ') : "'self'"}`,
  ].join('; ');
}

/**
 * The directives the tool panel adds to its own policy while it shows an app: the app's
 * frame inherits the panel's policy (an about:srcdoc document does), so a source the app
 * may use must be allowed there too. Nothing is added for an app that declares nothing.
 */
export function panelDirectivesForApp(d: Required<AppCspDomains>): {
  script: string[];
  style: string[];
  img: string[];
  font: string[];
  media: string[];
  connect: string[];
  frame: string[];
} {
  return {
    script: d.resourceDomains,
    style: d.resourceDomains,
    img: d.resourceDomains,
    font: d.resourceDomains,
    media: d.resourceDomains,
    connect: d.connectDomains,
    frame: d.frameDomains,
  };
}
