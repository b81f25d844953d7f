/**
 * The MCP Apps sandbox proxy: runs inline (on the tool panel's nonce) in a sandboxed frame
 * with an opaque origin, so the app never shares an origin with the panel. It announces
 * itself (ui/notifications/sandbox-proxy-ready), loads the HTML the bridge sends
 * (ui/notifications/sandbox-resource-ready) into the inner frame under the app's CSP, and
 * relays everything else between the panel and the app, and nothing from anyone else.
 */
import { appCsp } from '../../src/core/apps/appCsp';
import { CSP_VIOLATION_METHOD } from '../../src/extension/apps/lane';

const nonce = (document.currentScript as HTMLScriptElement | null)?.nonce ?? '';
let inner: HTMLIFrameElement | undefined;

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (event.source === window.parent) {
    const message = event.data as { method?: unknown; params?: { html?: unknown; csp?: unknown } } | null;
    if (message?.method === 'ui/notifications/sandbox-resource-ready') {
      if (typeof message.params?.html === 'string') load(message.params.html, message.params.csp);
      return;
    }
    inner?.contentWindow?.postMessage(event.data, '*');
  } else if (inner && event.source === inner.contentWindow) {
    window.parent.postMessage(event.data, '*');
  }
});
window.parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, '*');

/**
 * The app's document, parsed inert here: its policy goes first in its head, and its script
 * and style elements get the nonce the inherited panel policy asks for. Its own policy still
 * applies on top (an app cannot widen what it declared).
 */
function load(html: string, csp: unknown): void {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const meta = doc.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = appCsp(csp).policy;
  doc.head.prepend(meta);
  // The app's violations are reported to the host (diagnostic app-csp-violation): the event fires only in its own document.
  const reporter = doc.createElement('script');
  reporter.textContent = `document.addEventListener('securitypolicyviolation',function(e){parent.postMessage({jsonrpc:'2.0',method:${JSON.stringify(CSP_VIOLATION_METHOD)},params:{directive:e.effectiveDirective,blocked:e.blockedURI}},'*')})`;
  meta.after(reporter);
  doc.querySelectorAll('script, style, link[rel~="stylesheet"]').forEach((element) => element.setAttribute('nonce', nonce));
  const frame = document.createElement('iframe');
  // No allow-same-origin: the app gets an opaque origin of its own.
  frame.setAttribute('sandbox', 'allow-scripts allow-forms');
  frame.setAttribute('title', 'MCP App');
  frame.srcdoc = `<!DOCTYPE html>${doc.documentElement.outerHTML}`;
  inner = frame;
  document.body.replaceChildren(frame);
}
