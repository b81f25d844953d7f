import type { TraceEvent } from '../../trace/event';
import type { Rule } from '../rule';
import type { DiagnoseContext } from '../context';
import { quote } from '../describe';

/**
 * MCP Apps faults, read from the app lane (meta events of kind `app` the host bridge writes):
 * each event carries the fact it saw in `info` (see src/extension/apps/appHost.ts).
 */
export function appFact(e: TraceEvent, key: string): Record<string, unknown> | undefined {
  if (e.dir !== 'meta' || e.kind !== 'app') return undefined;
  const fact = e.info?.[key];
  return fact && typeof fact === 'object' ? (fact as Record<string, unknown>) : undefined;
}

/**
 * For a rule that follows each app's conversation: the app an app-lane event belongs to (its
 * ui:// uri) and the rule's per-app state; undefined for any event that is not on the lane.
 */
export function appLane<T>(e: TraceEvent, ctx: DiagnoseContext, ruleId: string): { uri: string; byApp: Map<string, T> } | undefined {
  if (e.dir !== 'meta' || e.kind !== 'app') return undefined;
  return { uri: String(e.info?.app ?? ''), byApp: ctx.stateOf(ruleId, () => new Map<string, T>()) };
}

/** The tool's `_meta.ui.resourceUri` cannot be shown: not readable, or not `text/html;profile=mcp-app`. */
export const appResourceInvalid: Rule = {
  id: 'app-resource-invalid',
  stage: 'invocation',
  severity: 'error',
  on: ['meta'],
  onEvent(e, _ctx, report) {
    const fact = appFact(e, 'resourceProblem');
    if (!fact) return;
    report({
      message: `The app ${quote(String(fact.uri ?? ''), 200)} of tool ${quote(String(fact.tool ?? ''), 100)} cannot be shown: ${quote(String(fact.problem ?? ''), 300)}`,
      evidence: [e.seq],
      hint: "MCP Apps: the tool's _meta.ui.resourceUri must name a ui:// resource the server lists and serves with mimeType text/html;profile=mcp-app (registerAppResource does this).",
    });
  },
};

/** The app's frame reported a Content Security Policy violation: an undeclared origin, eval, or an inline script. */
export const appCspViolation: Rule = {
  id: 'app-csp-violation',
  stage: 'invocation',
  severity: 'warning',
  on: ['meta'],
  onEvent(e, _ctx, report) {
    const fact = appFact(e, 'cspViolation');
    if (!fact) return;
    const uri = quote(String(fact.uri ?? ''), 200);
    const directive = String(fact.directive ?? '');
    // The browser names inline code "inline" (or nothing).
    const blocked = String(fact.blocked ?? '') || 'inline';
    // eval is refused by every MCP Apps host's default policy, and libraries probe for it
    // (zod 4, inside the official App class, tries `new Function` and falls back): worth a note, not a warning.
    if (blocked === 'eval') {
      report({
        severity: 'info',
        message: `The app ${uri} was blocked by its CSP: ${quote(directive, 60)} refused "eval"`,
        evidence: [e.seq],
        hint: EVAL_HINT,
        group: 'eval',
      });
      return;
    }
    // A script without the panel's nonce (webviewHtml.ts): refused by MCP Lens, allowed by the
    // MCP Apps default policy. Inline styles are allowed here as there.
    if (blocked === 'inline' && directive.startsWith('script-src')) {
      report({
        severity: 'info',
        message: `MCP Lens refused an inline script of the app ${uri} (${quote(directive, 60)}): a script the app adds at run time, or an event handler attribute such as onclick, runs here only with the nonce the scripts in its HTML get`,
        evidence: [e.seq],
        hint: 'The MCP Apps default policy allows inline scripts, so other hosts may run it; ship the scripts in the HTML and attach handlers with addEventListener, and it runs in every host.',
        group: 'inline',
      });
      return;
    }
    report({
      message: `The app ${uri} was blocked by its CSP: ${quote(directive, 60)} refused ${quote(blocked, 300)}`,
      evidence: [e.seq],
      hint: "Declare the origin in the UI resource's _meta.ui.csp (connectDomains for fetch/XHR/WebSocket, resourceDomains for scripts, styles, images, fonts and media, frameDomains for frames). Undeclared origins are blocked, as in every MCP Apps host.",
      group: directive,
    });
  },
};

const EVAL_HINT =
  'The MCP Apps default policy refuses eval and new Function in every host: code that needs them breaks everywhere, while a library that only probes for them (zod inside the official App class) goes on without.';

/** The app asked the host to call a tool the server does not list. */
export const appUnknownTool: Rule = {
  id: 'app-unknown-tool',
  stage: 'invocation',
  severity: 'warning',
  on: ['meta'],
  onEvent(e, _ctx, report) {
    const fact = appFact(e, 'unknownTool');
    if (!fact) return;
    report({
      message: `The app ${quote(String(fact.uri ?? ''), 200)} called tool ${quote(String(fact.name ?? ''), 100)}, which the server does not list`,
      evidence: [e.seq],
      hint: 'The host forwards an app\'s tools/call to the same server: register the tool on the server (with _meta.ui.visibility ["app"] if only the app should see it), or fix the name in the app.',
    });
  },
};
