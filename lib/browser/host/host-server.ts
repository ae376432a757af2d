import { createServer, type IncomingMessage, type Server } from 'node:http';
import { logger } from '../../logger.js';
import type { BrowserHost } from './browser-host.js';
import {
  HOST_CALL_PATH,
  type HostRequest,
  NONCE_HEADER,
  ReplayGuard,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  verifySignature,
} from './protocol.js';

/** Requests are operations and their parameters; a megabyte is far more than 20 actions need. */
const MAX_REQUEST_BYTES = 1024 * 1024;

/**
 * The host's side of the protocol: POST /v1/call with a signed body, GET /health for the load
 * balancer. Anything unsigned, stale, forged or replayed is 401 before a byte of it is parsed as JSON.
 */
export function createHostServer(host: BrowserHost, token: string): Server {
  const replays = new ReplayGuard();
  return createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && req.url === '/health') {
      send(200, { ok: true, host: host.hostId, live: host.liveEntries });
      return;
    }
    if (req.method !== 'POST' || req.url !== HOST_CALL_PATH) {
      send(404, { error: 'not found' });
      return;
    }
    readBody(req)
      .then(async (body) => {
        if (body === null) return send(413, { error: 'request too large' });
        const verdict = verifySignature(
          token,
          body,
          {
            timestamp: header(req, TIMESTAMP_HEADER),
            nonce: header(req, NONCE_HEADER),
            signature: header(req, SIGNATURE_HEADER),
          },
          replays,
        );
        if (verdict !== 'accepted') {
          logger.warn('browser host refused a call', { verdict });
          return send(401, { error: verdict === 'replayed' ? 'replayed request' : 'bad signature' });
        }
        send(200, await host.handle(JSON.parse(body) as HostRequest));
      })
      .catch((error) => {
        logger.error('browser host request failed', { error: String(error) });
        if (!res.headersSent) send(500, { error: 'internal error' });
      });
  });
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) {
        req.destroy();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
