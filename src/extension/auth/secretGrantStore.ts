import type * as vscode from 'vscode';
import { grantsIn, type GrantsByIssuer, type GrantStore, type SavedGrant } from '../../core/auth/savedGrant';

/** One SecretStorage entry per server URL, holding its grants by issuer. */
const KEY_PREFIX = 'mcpLens.oauth:';

/**
 * The editor's grants (tokens, registered clients) in VS Code's SecretStorage, which the OS
 * keychain backs on the desktop: never in settings, globalState or a file of ours.
 */
export class SecretGrantStore implements GrantStore {
  constructor(private readonly secrets: vscode.SecretStorage) {}

  async load(serverUrl: string): Promise<SavedGrant[]> {
    return grantsIn(await this.read(serverUrl));
  }

  async save(serverUrl: string, grant: SavedGrant): Promise<void> {
    const all = await this.read(serverUrl);
    all[grant.issuer] = grant;
    await this.secrets.store(KEY_PREFIX + serverUrl, JSON.stringify(all));
  }

  async clear(serverUrl: string): Promise<number> {
    const count = grantsIn(await this.read(serverUrl)).length;
    await this.secrets.delete(KEY_PREFIX + serverUrl);
    return count;
  }

  private async read(serverUrl: string): Promise<GrantsByIssuer> {
    const text = await this.secrets.get(KEY_PREFIX + serverUrl);
    if (!text) return {};
    try {
      const value: unknown = JSON.parse(text);
      return value && typeof value === 'object' && !Array.isArray(value) ? (value as GrantsByIssuer) : {};
    } catch {
      // A damaged entry holds no grant anyone can use: read as none, and the next sign-in overwrites it.
      return {};
    }
  }
}
