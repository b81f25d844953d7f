/**
 * The transports a command's tests run over: the same test body, the server given as
 * `-- node SCRIPT` (stdio) or as `--url` of that same script's logic served over Streamable
 * HTTP (test/fixtures/servers/http/stdio-over-http.mjs: one process per session).
 */
import { after } from 'node:test';
import type { HttpServerSpec, ServerSpec } from '../../../src/core/session/client';
import { startHttpFixture, type HttpFixture } from './httpHelpers';

const NODE = process.execPath;

export interface ServeOptions {
  /** The script's own arguments. */
  args?: string[];
  /** The server's environment (a fixture variant); over stdio the CLI passes its own down. */
  env?: Record<string, string>;
  /** Over HTTP: headers the server refuses a request without (401), e.g. 'Authorization: Bearer T'. */
  require?: string[];
  /** Over HTTP: the whole server ends once it has answered this many tool calls (a server gone down). */
  downAfterCalls?: number;
}

export interface Transport {
  name: 'stdio' | 'streamable-http';
  /** The CLI words that name the server: `-- node SCRIPT ARGS…` or `--url URL`. */
  server(script: string, options?: ServeOptions): Promise<string[]>;
  /** The same server as a core client connects to it. */
  spec(script: string, options?: ServeOptions): Promise<ServerSpec | HttpServerSpec>;
}

const running: HttpFixture[] = [];
after(() => Promise.all(running.splice(0).map((f) => f.stop())));

export const STDIO: Transport = {
  name: 'stdio',
  server: async (script, options = {}) => ['--', NODE, script, ...(options.args ?? [])],
  spec: async (script, options = {}) => ({ command: NODE, args: [script, ...(options.args ?? [])], ...(options.env ? { env: options.env } : {}) }),
};

export const HTTP: Transport = {
  name: 'streamable-http',
  async server(script, options = {}) {
    const require = (options.require ?? []).flatMap((h) => ['--require', h]);
    const fixture = await startHttpFixture('stdio-over-http.mjs', [...require, ...(options.downAfterCalls ? ['--down-after-calls', String(options.downAfterCalls)] : []), '--', NODE, script, ...(options.args ?? [])], options.env);
    running.push(fixture);
    return ['--url', fixture.url];
  },
  async spec(script, options = {}) {
    const [, url] = await this.server(script, options);
    return { url: url! };
  },
};

export const TRANSPORTS: readonly Transport[] = [STDIO, HTTP];
