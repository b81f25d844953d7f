import type { CommandSpec } from '../cliParser';
import { EXIT_CODES } from '../usageBlocks';
import { UsageError } from '../usageError';

/** `mcp-lens logout URL`: forget the token cache's grants for a server. */
export interface LogoutArgs {
  name: 'logout';
  url: string;
}

export const LOGOUT_COMMAND: CommandSpec<LogoutArgs> = {
  usage: `Usage: mcp-lens logout URL

Sign out of the server at URL (the --url given then): its tokens are revoked at each
authorization server that offers a revocation endpoint (RFC 7009), then what --auth cached
is forgotten (the tokens and the client registered for it). A revocation that failed is
said on stderr; the cache forgets the tokens all the same. The next --auth run signs in again.

The cache is tokens.json in the user's cache folder ($XDG_CACHE_HOME or ~/.cache/mcp-lens,
~/Library/Caches/mcp-lens, %LOCALAPPDATA%\\mcp-lens), or in MCP_LENS_CACHE_DIR.

${EXIT_CODES}`,
  refusesServerCommand: 'logout: takes the server URL, not a server command',
  options: {},
  build: ({ positionals }) => {
    if (positionals.length !== 1 || positionals[0] === '')
      throw new UsageError('logout: expects exactly one server URL (the --url the tokens were cached for)');
    return { name: 'logout', url: positionals[0] };
  },
};
