import { readFileSync } from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * The platforms on loopback: one HTTPS server presenting the test CA's certificate for every
 * platform host name (test/fixtures/templates/tls), routing on the Host header. The fetcher reaches
 * it through FETCH_HOST_MAP entries `host=127.0.0.1:<port>` and trusts the test CA through
 * FETCH_EXTRA_CA_CERTS, so templates call the platforms' real `https://` URLs unchanged.
 */

const FIXTURES = new URL('../fixtures/templates/', import.meta.url);
export const TEST_CA_FILE = fileURLToPath(new URL('tls/ca.cert.pem', FIXTURES));

/** A file under test/fixtures/templates. */
export function platformFixture(path: string): string {
  return readFileSync(new URL(path, FIXTURES), 'utf8');
}

export interface PlatformRequest {
  host: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
}

export type PlatformRoute = (req: IncomingMessage, res: ServerResponse, request: PlatformRequest) => void;

export function answer(status: number, headers: OutgoingHttpHeaders, body: string): PlatformRoute {
  return (_req, res) => {
    res.writeHead(status, headers);
    res.end(body);
  };
}

export const json = (body: unknown, status = 200): PlatformRoute =>
  answer(
    status,
    { 'content-type': 'application/json; charset=utf-8' },
    typeof body === 'string' ? body : JSON.stringify(body),
  );

export const html = (body: string, status = 200): PlatformRoute =>
  answer(status, { 'content-type': 'text/html; charset=utf-8' }, body);

/** The robots.txt every platform host answers unless a route replaces it: /private/ is off limits. */
const ROBOTS = 'User-agent: *\nDisallow: /private/\n';

export interface PlatformServer {
  port: number;
  /** The configuration that sends every routed host (and `extraHosts`) here and trusts the test CA. */
  env: { FETCH_HOST_MAP: string; FETCH_EXTRA_CA_CERTS: string };
  /** Requests received, robots.txt included. */
  requests: PlatformRequest[];
  /** Requests for `host` (and `path`, when given), robots.txt left out. */
  requestsTo(host: string, path?: string): PlatformRequest[];
  close(): Promise<void>;
}

/**
 * `routes` keys are `host/path` (`boards-api.greenhouse.io/v1/boards/acme/jobs`); the query string
 * is not part of the key, and tests read it from `requests`.
 */
export async function startPlatformServer(
  routes: Record<string, PlatformRoute>,
  options: { extraHosts?: string[] } = {},
): Promise<PlatformServer> {
  const requests: PlatformRequest[] = [];
  const server: Server = createServer(
    {
      key: readFileSync(new URL('tls/leaf.key.pem', FIXTURES)),
      cert: readFileSync(new URL('tls/leaf.cert.pem', FIXTURES)),
    },
    (req, res) => {
      const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
      const parsed = new URL(req.url ?? '/', `https://${host}`);
      const request: PlatformRequest = {
        host,
        path: parsed.pathname,
        query: parsed.searchParams,
        headers: req.headers,
      };
      requests.push(request);
      const route = routes[`${host}${parsed.pathname}`];
      if (route) return route(req, res, request);
      if (parsed.pathname === '/robots.txt')
        return answer(200, { 'content-type': 'text/plain' }, ROBOTS)(req, res, request);
      answer(404, { 'content-type': 'application/json' }, '{"error":"Not Found"}')(req, res, request);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const hosts = new Set([
    ...Object.keys(routes).map((key) => key.split('/')[0]),
    ...(options.extraHosts ?? []),
  ]);
  return {
    port,
    env: {
      FETCH_HOST_MAP: [...hosts].map((host) => `${host}=127.0.0.1:${port}`).join(','),
      FETCH_EXTRA_CA_CERTS: TEST_CA_FILE,
    },
    requests,
    requestsTo: (host, path) =>
      requests.filter(
        (request) =>
          request.host === host &&
          request.path !== '/robots.txt' &&
          (path === undefined || request.path === path),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
