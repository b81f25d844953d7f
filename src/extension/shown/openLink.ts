import * as vscode from 'vscode';
import { clipText, openableUrl } from '../../core/text';
import { askModal } from './notify';
import { name, say } from './text';

const OPEN = 'Open';
/** A URL longer than this is shown clipped in the dialog and not opened: the user could not see what they agree to. */
const MAX_URL = 2000;

/**
 * The one way a link a server sent (resource_link, a URL in a result, an elicitation URL)
 * is opened: on the user's click, after a modal that shows the whole URL, and only for
 * http and https. `command:`, `javascript:`, `file:` and every other scheme are refused.
 * Returns whether the link was opened.
 */
export async function openServerLink(serverName: string, uri: string): Promise<boolean> {
  const url = openableUrl(uri);
  if (!url) {
    await askModal(
      say`MCP Lens does not open this link from "${name(serverName)}".`,
      say`Only http and https links are opened; this one is: ${clipText(uri, MAX_URL)}`,
    );
    return false;
  }
  if (url.href.length > MAX_URL) {
    await askModal(
      say`MCP Lens does not open this link from "${name(serverName)}".`,
      say`It is ${url.href.length} characters long, too long to show in full: ${clipText(url.href, MAX_URL)}`,
    );
    return false;
  }
  const choice = await askModal(say`Open a link sent by "${name(serverName)}"?`, say`${url.href}`, OPEN);
  if (choice !== OPEN) return false;
  return vscode.env.openExternal(vscode.Uri.parse(url.href, true));
}

/**
 * The authorization server's sign-in page, opened because the user chose Sign In for this
 * server (that choice is the consent; no second dialog). Only http and https, only a URL the
 * user could read in full.
 */
export async function openSignInPage(url: string): Promise<boolean> {
  const page = openableUrl(url);
  if (!page || page.href.length > MAX_URL) return false;
  return vscode.env.openExternal(vscode.Uri.parse(page.href, true));
}
