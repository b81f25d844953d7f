import type { LogoutArgs } from '../args';
import type { Output } from '../output';
import { FileGrantStore, tokenCacheFile } from '../tokenCache';

/** `mcp-lens logout URL`: the token cache forgets the server's grants (it does not revoke them at the authorization server). */
export async function runLogout(args: LogoutArgs, io: Output): Promise<number> {
  const store = new FileGrantStore(tokenCacheFile());
  const count = await store.clear(args.url);
  io.err(count ? `mcp-lens: forgot ${count} cached sign-in(s) for ${args.url} (${store.file})` : `mcp-lens: no cached sign-in for ${args.url} in ${store.file}`);
  return 0;
}
