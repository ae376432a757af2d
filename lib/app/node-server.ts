import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type HttpBindings, serve } from '@hono/node-server';
import type { Hono } from 'hono';

/**
 * What the server reads and throws away of a body the app answered without reading (a 401, a 429,
 * a 413): past this the connection is closed, as a proxy would.
 */
const MAX_DISCARD_BYTES = 64 * 1024 * 1024;
const DISCARD_TIMEOUT_MS = 30_000;

/**
 * Reads the rest of a request body the app did not read, before the reply goes out. A client that
 * writes its whole request before it reads (Python's `requests`, most SDKs) would otherwise be cut
 * off mid-write by the close and see a reset instead of the answer; the adapter's own clean-up
 * gives up after half a second, too soon for a 4 MB body on a slow link.
 */
function discardUnreadBody(incoming: IncomingMessage): Promise<void> {
  if (incoming.readableEnded || incoming.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let discarded = 0;
    const done = () => {
      clearTimeout(timer);
      incoming.off('data', onData);
      incoming.off('end', done);
      incoming.off('error', done);
      incoming.off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > MAX_DISCARD_BYTES) done();
    };
    const timer = setTimeout(done, DISCARD_TIMEOUT_MS);
    incoming.on('data', onData);
    incoming.once('end', done);
    incoming.once('error', done);
    incoming.once('close', done);
    incoming.resume();
  });
}

export interface NodeServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** The app on Node's HTTP server: the dev server, the test harness and the benchmarks all start it here. */
export async function startNodeServer(
  // biome-ignore lint/suspicious/noExplicitAny: any app's environment
  app: Hono<any>,
  options: { port: number; hostname: string },
): Promise<NodeServer> {
  const server = serve({
    fetch: async (request, env) => {
      const response = await app.fetch(request, env);
      // This server speaks HTTP/1.1 only, so the bindings are always the HTTP/1 pair.
      await discardUnreadBody((env as HttpBindings).incoming);
      return response;
    },
    port: options.port,
    hostname: options.hostname,
  }) as Server;
  // Longer than any client keeps an idle connection (undici 4 s, browsers and proxies about 60 s),
  // so the server is never the side that closes a connection a client is about to reuse: that
  // race shows up as a reset on the client. Node's own default is 5 s.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const host = options.hostname === '0.0.0.0' ? 'localhost' : options.hostname;
  return {
    server,
    url: `http://${host}:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
