import { grantsIn, type GrantStore, type SavedGrant } from '../../../src/core/auth/savedGrant';

/** A GrantStore in memory, as SecretStorage or the CLI's file keeps it (issuer → grant per URL). */
export class MemoryStore implements GrantStore {
  readonly byUrl = new Map<string, Record<string, SavedGrant>>();
  async load(url: string): Promise<SavedGrant[]> {
    return grantsIn(this.byUrl.get(url));
  }
  async save(url: string, grant: SavedGrant): Promise<void> {
    this.byUrl.set(url, { ...this.byUrl.get(url), [grant.issuer]: grant });
  }
  async clear(url: string): Promise<number> {
    const n = grantsIn(this.byUrl.get(url)).length;
    this.byUrl.delete(url);
    return n;
  }
}
