import * as vscode from 'vscode';
import type { AppCspDomains } from '../../core/apps/appCsp';
import { pageStyles, webviewHtml } from '../webview/html';

/** The folders a tool panel may load from: its stylesheet and its bundled script. */
export function panelResourceRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'media'), vscode.Uri.joinPath(extensionUri, 'dist', 'media')];
}

/**
 * The tool panel's page. Images and audio a tool returns arrive as data: URIs. With an MCP
 * App shown, the app's frame inherits this policy (an about:srcdoc document does), so the
 * origins the app declared are added. The scripts in the app's HTML run on this page's nonce,
 * which the sandbox proxy gives them. Styles are as free as the MCP Apps default policy makes
 * them ("style-src 'self' 'unsafe-inline'"): a style element the app adds at run time (CSS in
 * JS, a highlighter's theme) has no nonce, and on the nonce alone it was refused here while
 * every other host applied it. Scripts stay on the nonce: this page runs ours.
 */
export function panelHtml(webview: vscode.Webview, extensionUri: vscode.Uri, title: string, app?: Required<AppCspDomains>): string {
  const resources = app?.resourceDomains ?? [];
  return webviewHtml(webview, {
    title,
    script: vscode.Uri.joinPath(extensionUri, 'dist', 'media', 'form.js'),
    styles: pageStyles(extensionUri, 'form.css'),
    rootId: 'app',
    nonceStyles: true,
    sources: { script: resources, style: resources, font: resources },
    extraCsp: (source) => [
      [`img-src ${source} data:`, ...resources].join(' '),
      ['media-src data:', ...resources].join(' '),
      // No nonce in it: a nonce would make the browser ignore 'unsafe-inline'.
      ...(app ? [[`style-src-elem ${source} 'unsafe-inline'`, ...resources].join(' '), "style-src-attr 'unsafe-inline'"] : []),
      ...(app?.connectDomains.length ? [`connect-src ${app.connectDomains.join(' ')}`] : []),
      ...(app?.frameDomains.length ? [`frame-src ${app.frameDomains.join(' ')}`] : []),
    ],
  });
}
