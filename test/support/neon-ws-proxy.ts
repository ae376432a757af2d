import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { WebSocketServer } from 'ws';

/**
 * Neon's serverless driver speaks the PostgreSQL wire protocol through a WebSocket proxy. This is
 * that proxy on loopback, piping to the real PostgreSQL, so the Neon driver runs the same queries
 * here as it would against Neon.
 */
export async function startNeonWsProxy(postgresHost = '127.0.0.1', postgresPort = 5432) {
  const http = createServer();
  const wss = new WebSocketServer({ server: http });
  wss.on('connection', (socket) => {
    const upstream = connect(postgresPort, postgresHost);
    upstream.on('data', (chunk) => socket.send(chunk));
    upstream.on('close', () => socket.close());
    upstream.on('error', () => socket.close());
    socket.on('message', (data) => upstream.write(data as Buffer));
    socket.on('close', () => upstream.end());
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    /** The `NEON_WS_PROXY` value: Neon's documented local-development setting. */
    wsProxy: `127.0.0.1:${port}/v2`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close();
        http.close(() => resolve());
      }),
  };
}
