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
 * origins the app declared are added, and style attributes allowed; its scripts and style
 * elements run on this page's nonce, which the sandbox proxy gives them.
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
      ...(app ? ["style-src-attr 'unsafe-inline'"] : []),
      ...(app?.connectDomains.length ? [`connect-src ${app.connectDomains.join(' ')}`] : []),
      ...(app?.frameDomains.length ? [`frame-src ${app.frameDomains.join(' ')}`] : []),
    ],
  });
}
