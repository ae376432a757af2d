import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FixtureServer {
  port: number;
  /** `http://<host>:<port><path>`; host defaults to 127.0.0.1. */
  url(path?: string, host?: string): string;
  /** TCP connections accepted so far: proves that a refused URL opened none. */
  connections(): number;
  close(): Promise<void>;
}

export type FixtureHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/** A real HTTP server on loopback: every test that fetches a page serves it itself. */
export async function startFixtureServer(
  handler: FixtureHandler,
  address = '127.0.0.1',
): Promise<FixtureServer> {
  let connections = 0;
  const server = createServer((req, res) => {
    Promise.resolve(handler(req, res)).catch((error) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, address, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path = '/', host = address) => `http://${host}:${port}${path}`,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
