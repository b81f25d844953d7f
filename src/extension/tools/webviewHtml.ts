import * as vscode from 'vscode';
import { webviewHtml } from '../webview/html';

/** The folders a tool panel may load from: its stylesheet and its bundled script. */
export function panelResourceRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'media'), vscode.Uri.joinPath(extensionUri, 'dist', 'media')];
}

/** The tool panel's page. Images and audio a tool returns arrive as data: URIs. */
export function panelHtml(webview: vscode.Webview, extensionUri: vscode.Uri, title: string): string {
  return webviewHtml(webview, {
    title,
    script: vscode.Uri.joinPath(extensionUri, 'dist', 'media', 'form.js'),
    style: vscode.Uri.joinPath(extensionUri, 'media', 'form.css'),
    rootId: 'app',
    nonceStyles: true,
    extraCsp: (source) => [`img-src ${source} data:`, 'media-src data:'],
  });
}
