import { describeRevocations, signOutOf } from '../../core/auth/revocation';
import type { LogoutArgs } from './logoutArgs';
import type { Output } from '../output';
import { FileGrantStore, tokenCacheFile } from '../tokenCache';

/**
 * `mcp-lens logout URL`: the server's cached grants are revoked at their authorization server
 * (RFC 7009) where it offers a revocation endpoint, then forgotten. Exit 0 either way: the cache
 * no longer holds them; a revocation that failed is said on stderr, once per authorization server.
 */
export async function runLogout(args: LogoutArgs, io: Output): Promise<number> {
  const store = new FileGrantStore(tokenCacheFile());
  const { forgotten, revocations } = await signOutOf(store, args.url);
  if (!forgotten) {
    io.err(`mcp-lens: no cached sign-in for ${args.url} in ${store.file}`);
    return 0;
  }
  io.err(`mcp-lens: forgot ${forgotten} cached sign-in(s) for ${args.url} (${store.file})`);
  for (const line of describeRevocations(revocations)) io.err(`mcp-lens: ${line}`);
  return 0;
}
