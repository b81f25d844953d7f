/**
 * `mcp-lens`, the command (dist/cli.js): turns on Node's compile cache, then runs the CLI's
 * bundle, dist/cli-main.js (esbuild.config.mjs). The CLI starts again and again (a host runs
 * `record` at each start of a server, a workflow runs `check` per job), and V8 compiled its
 * 3 MB afresh each time: on Node 24 here, `mcp-lens --version` took 0.19 s, 0.16 with the cache
 * (medians of 9). The cache must be on before the bundle is compiled, hence this file of its own.
 * Node 20 has no compile cache (`enableCompileCache` came in 22.1): the CLI runs as before.
 */
import * as nodeModule from 'node:module';
import { join } from 'node:path';

// Node's default place (os.tmpdir()/node-compile-cache), or NODE_COMPILE_CACHE when set, as
// Node advises; it never throws, and a cache it cannot write is only a slower start. It sets
// no variable: the servers the CLI starts get the environment they had.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
// eslint-disable-next-line @typescript-eslint/no-require-imports
require(join(__dirname, 'cli-main.js'));
