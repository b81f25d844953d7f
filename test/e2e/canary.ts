// A local HTTP listener that no test should ever hear from: hostile payloads point at it,
// so a single request proves that a payload fired (an image loaded, a link followed, a
// command typed `curl` into a terminal).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Canary {
  url: string;
  /** Every request received: method and path. */
  hits: string[];
}

export async function startCanary(): Promise<Canary> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The runner exits when the tests end; the listener must not keep it alive.
  server.unref();
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}
