import { createServer, type Server } from 'node:http';

/** The page the browser shows once the authorization server sent it back. */
const DONE_PAGE =
  '<!doctype html><meta charset="utf-8"><title>MCP Lens</title><p>MCP Lens received the authorization response. You can close this page.</p>';

/**
 * The loopback redirect of a native client (RFC 8252 §7.3): an HTTP listener on 127.0.0.1 at a
 * port the OS picks, waiting for the one request the authorization server redirects the browser to.
 */
export class LoopbackRedirect {
  /** Whoever waits for the next redirect (one authorization at a time); a redirect nobody waits for is dropped. */
  private waiting: ((url: URL) => void) | undefined;

  private constructor(
    private readonly server: Server,
    readonly redirectUri: string,
  ) {}

  /** `port`: the one a registered client's redirect URI names (0: any free port). */
  static open(port = 0): Promise<LoopbackRedirect> {
    return new Promise((resolve, reject) => {
      let loopback: LoopbackRedirect | undefined;
      const server = createServer((req, res) => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        if (req.method !== 'GET' || url.pathname !== '/callback' || !loopback) {
          res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
          return;
        }
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', Connection: 'close' }).end(DONE_PAGE);
        const waiting = loopback.waiting;
        loopback.waiting = undefined;
        waiting?.(new URL(`${loopback.redirectUri}${url.search}`));
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        if (!address || typeof address === 'string') return reject(new Error('the loopback listener has no port'));
        loopback = new LoopbackRedirect(server, `http://127.0.0.1:${address.port}/callback`);
        resolve(loopback);
      });
    });
  }

  /** The full redirect URL the browser came back with (code, state, iss or error). */
  next(): Promise<URL> {
    return new Promise((resolve) => (this.waiting = resolve));
  }

  close(): void {
    this.server.closeAllConnections();
    this.server.close();
  }
}
