import type { Rule } from '../rule';
import { quote } from '../describe';
import { appFact, appLane } from './appFaults';

/** The methods of the MCP Apps handshake, as the lane records them. */
const RESOURCE_READY = 'ui/notifications/sandbox-resource-ready';
const INITIALIZE = 'ui/initialize';

interface Loaded {
  loadSeq?: number;
  initializeSeq?: number;
}

/**
 * MCP Apps: the View starts the session with `ui/initialize` and confirms with
 * `ui/notifications/initialized`; until then the host sends it nothing (no tool input, no
 * result). The host bridge writes a `notInitialized` fact when that did not happen in time
 * after it handed the app its HTML; this rule cites that hand-over and, if it came, the
 * unfinished ui/initialize.
 */
export const appNotInitialized: Rule = {
  id: 'app-not-initialized',
  stage: 'invocation',
  severity: 'error',
  on: ['meta'],
  onEvent(e, ctx, report) {
    const lane = appLane<Loaded>(e, ctx, 'app-not-initialized');
    if (!lane) return;
    const { uri, byApp: apps } = lane;
    const message = e.info?.message as { method?: unknown } | undefined;
    if (message?.method === RESOURCE_READY && e.info?.toApp === true) apps.set(uri, { loadSeq: e.seq });
    else if (message?.method === INITIALIZE && e.info?.toApp === false)
      (apps.get(uri) ?? apps.set(uri, {}).get(uri)!).initializeSeq = e.seq;
    const fact = appFact(e, 'notInitialized');
    if (!fact) return;
    const loaded = apps.get(uri) ?? {};
    apps.delete(uri);
    const seconds = Math.round(Number(fact.waitedMs ?? 0) / 1000);
    const what =
      loaded.initializeSeq === undefined ? 'never sent ui/initialize' : 'sent ui/initialize but never ui/notifications/initialized';
    report({
      message: `The app ${quote(uri, 200)} ${what} within ${seconds} s of being loaded: the host sends it no tool input or result`,
      evidence: [loaded.loadSeq, loaded.initializeSeq, e.seq].filter((s): s is number => s !== undefined),
      hint: 'The app must connect: `await new App(…).connect()` (@modelcontextprotocol/ext-apps) as its script starts. Check that the script runs at all (an error before connect, a module that failed to load, a script from an origin the resource did not declare in _meta.ui.csp: see app-csp-violation), that it posts to window.parent, and that nothing awaits before connect.',
    });
  },
};
