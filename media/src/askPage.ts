/** The ask panel's webview: a server's asks that came outside any tool-panel call. */
import type { AskHostMessage, AskReply } from '../../src/extension/asks/askProtocol';
import { el } from './dom';
import { askView } from './asks';

declare function acquireVsCodeApi(): { postMessage(message: AskReply | { type: 'ready' }): void };

const vscode = acquireVsCodeApi();
const app = document.getElementById('app')!;
app.appendChild(el('p', { className: 'muted', text: 'Asks the server sent outside a tool panel call.' }));
const view = askView(app, (reply) => vscode.postMessage(reply));
window.addEventListener('message', (event: MessageEvent<AskHostMessage>) => view.handle(event.data));
vscode.postMessage({ type: 'ready' });
