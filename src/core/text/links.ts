/**
 * The only URLs MCP Lens opens for a server, and only after the user saw the whole URL:
 * http and https. `command:`, `javascript:`, `file:`, `vscode:` and the rest run code or
 * reach local files, so they are never opened, whatever the server calls them.
 */
export function openableUrl(text: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return undefined;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
}
