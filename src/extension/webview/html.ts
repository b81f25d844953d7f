import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

export interface WebviewPage {
  /** Our own text; escaped, since a tool name could still hold `<`. */
  title: string;
  script: vscode.Uri;
  /** Our stylesheets, in order: media/page.css first on the pages that share its rules. */
  styles: vscode.Uri[];
  /** The id of the element the script renders into. */
  rootId: string;
  /** Lets the script add `<style nonce>` elements too. */
  nonceStyles?: boolean;
  /** Further directives, e.g. `img-src ... data:` for images a tool returns. */
  extraCsp?: (cspSource: string) => string[];
  /** Further sources for script-src, style-src and font-src (an MCP App's declared origins). */
  sources?: { script?: string[]; style?: string[]; font?: string[] };
}

/** media/page.css (the rules every form and chart page shares), then the page's own sheet in media/. */
export function pageStyles(extensionUri: vscode.Uri, own: string): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'media', 'page.css'), vscode.Uri.joinPath(extensionUri, 'media', own)];
}

/**
 * A webview page where nothing but our script (by nonce) and stylesheet may load
 * (`default-src 'none'`). No server text is ever put into this HTML.
 */
export function webviewHtml(webview: vscode.Webview, page: WebviewPage): string {
  // crypto, not Math.random: the nonce is what lets only our script run.
  const nonce = randomBytes(16).toString('base64');
  const csp = [
    "default-src 'none'",
    [`script-src 'nonce-${nonce}'`, ...(page.sources?.script ?? [])].join(' '),
    [`style-src ${webview.cspSource}${page.nonceStyles ? ` 'nonce-${nonce}'` : ''}`, ...(page.sources?.style ?? [])].join(' '),
    ...(page.extraCsp?.(webview.cspSource) ?? []),
    [`font-src ${webview.cspSource}`, ...(page.sources?.font ?? [])].join(' '),
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
${page.styles.map((style) => `<link rel="stylesheet" nonce="${nonce}" href="${webview.asWebviewUri(style).toString()}">`).join('\n')}
<title>${escapeHtml(page.title)}</title>
</head>
<body>
<main id="${page.rootId}" aria-live="polite"></main>
<script nonce="${nonce}" src="${webview.asWebviewUri(page.script).toString()}"></script>
</body>
</html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
