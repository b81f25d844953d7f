/**
 * The tool's MCP App in the tool panel: a sandbox proxy frame (media/src/appProxy.ts) that
 * holds the app's own frame. The panel only relays: what the proxy posts goes to the host
 * bridge as `appMessage`, what the bridge sends goes to the proxy. Nothing the app sends is
 * read here, and no server text becomes HTML of this page (the app's HTML only ever reaches
 * the proxy, as a bridge message, and its own frame).
 */
import type { AppPreview, HostMessage, WebviewMessage } from '../../src/extension/tools/protocol';
import { el } from './dom';

type AppHostMessage = Extract<HostMessage, { type: 'appFrame' | 'appProblem' | 'appMessage' | 'appSize' | 'appClear' }>;

const MIN_HEIGHT = 60;
const MAX_HEIGHT = 4000;

export interface AppArea {
  element: HTMLElement;
  handle(message: AppHostMessage): void;
  /** True when the event came from the proxy frame (and was relayed): the page ignores it. */
  relayed(event: MessageEvent): boolean;
}

export function isAppMessage(message: HostMessage): message is AppHostMessage {
  return (
    message.type === 'appFrame' ||
    message.type === 'appProblem' ||
    message.type === 'appMessage' ||
    message.type === 'appSize' ||
    message.type === 'appClear'
  );
}

export function appArea(post: (message: WebviewMessage) => void, nonce: string): AppArea {
  const element = el('section', { className: 'app-area', attrs: { 'aria-label': 'MCP App' } });
  element.hidden = true;
  let proxy: HTMLIFrameElement | undefined;

  function show(uri: string, body: HTMLElement): void {
    element.hidden = false;
    element.replaceChildren(el('div', { className: 'section-title app-title', text: `App · ${uri}` }), body);
  }

  return {
    element,
    relayed(event) {
      if (!proxy || event.source !== proxy.contentWindow) return false;
      post({ type: 'appMessage', message: event.data as unknown });
      return true;
    },
    handle(message) {
      switch (message.type) {
        case 'appClear':
          proxy = undefined;
          element.hidden = true;
          element.replaceChildren();
          return;
        case 'appProblem':
          proxy = undefined;
          show(
            message.uri,
            el(
              'div',
              { className: 'banner app-problem', attrs: { role: 'alert' } },
              el('span', { className: 'banner-icon', text: '⚠' }),
              el('div', { className: 'banner-text', text: `The app is not shown: ${message.problem}` }),
            ),
          );
          return;
        case 'appFrame': {
          const frame = el('iframe', { className: 'app-frame', attrs: { title: `MCP App ${message.uri}` } });
          // No allow-same-origin: the proxy (and the app inside it) get opaque origins, never this page's.
          frame.setAttribute('sandbox', 'allow-scripts allow-forms');
          frame.srcdoc = proxyDocument(message.proxyScript, nonce);
          proxy = frame;
          show(message.uri, frame);
          if (message.preview) element.insertBefore(previewNote(message.preview), frame);
          return;
        }
        case 'appMessage':
          proxy?.contentWindow?.postMessage(message.message, '*');
          return;
        case 'appSize':
          if (proxy) proxy.style.height = `${Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.round(message.height)))}px`;
          return;
      }
    },
  };
}

/** Above a previewed app: no tool ran, and the input it was given. Text only. */
function previewNote(preview: AppPreview): HTMLElement {
  const source = preview.tool ? `a sample from the inputSchema of ${preview.tool}` : 'no tool links this resource';
  return el(
    'div',
    { className: 'app-preview muted' },
    el('div', { text: `Preview: no tool ran. Tool input (${source}):` }),
    el('pre', { className: 'app-preview-input', text: JSON.stringify(preview.input, null, 2) }),
  );
}

/** The proxy frame's document: our bundled script and a style, both on this page's nonce. */
function proxyDocument(script: string, nonce: string): string {
  const safe = script.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><style nonce="${nonce}">html,body{margin:0;padding:0;height:100%;overflow:hidden;background:transparent}iframe{border:0;width:100%;height:100%;display:block}</style></head><body><script nonce="${nonce}">${safe}</script></body></html>`;
}
