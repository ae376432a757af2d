import { createServer, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The plumbing every provider fake shares: a real HTTP server on loopback that records what it
 * received (so a test can assert the parameters and headers a mapping sent) and answers with what
 * a route returns. The fakes themselves hold the providers' documented bodies.
 */
export interface ReceivedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON body, or the raw text when it is not JSON. */
  body: unknown;
}

export interface FakeAnswer {
  status: number;
  headers?: OutgoingHttpHeaders;
  /** An object is sent as JSON; a string as is (malformed JSON, HTML error pages). */
  body?: unknown;
  /** Answer only after this long: past a provider timeout. */
  delayMs?: number;
}

export type FakeRoute = (request: ReceivedRequest) => FakeAnswer | Promise<FakeAnswer>;

export interface FakeServer {
  url: string;
  port: number;
  /** Every request received, oldest first. */
  requests: ReceivedRequest[];
  /** Requests to one path. */
  requestsTo(path: string): ReceivedRequest[];
  close(): Promise<void>;
}

export interface FakeOptions {
  /** Fixed port (`npm run fakes`); 0 picks a free one (tests). */
  port?: number;
}

export async function startFake(route: FakeRoute, options: FakeOptions = {}): Promise<FakeServer> {
  const requests: ReceivedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer(async (req, res) => {
    const request = await readRequest(req);
    requests.push(request);
    let answer: FakeAnswer;
    try {
      answer = await route(request);
    } catch (error) {
      answer = { status: 500, body: { fake_error: String(error) } };
    }
    const send = () => {
      if (res.destroyed) return;
      const json = typeof answer.body !== 'string' && answer.body !== undefined;
      res.writeHead(answer.status, {
        ...(json ? { 'content-type': 'application/json' } : {}),
        ...answer.headers,
      });
      res.end(json ? JSON.stringify(answer.body) : answer.body);
    };
    if (answer.delayMs) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        send();
      }, answer.delayMs);
      timers.add(timer);
    } else send();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    requestsTo: (path) => requests.filter((request) => request.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readRequest(req: IncomingMessage): Promise<ReceivedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  let body: unknown = text === '' ? undefined : text;
  try {
    if (text) body = JSON.parse(text);
  } catch {}
  const url = new URL(req.url ?? '/', 'http://fake');
  return {
    method: req.method ?? 'GET',
    path: url.pathname,
    query: url.searchParams,
    headers: req.headers,
    body,
  };
}

/** How long a "slow" answer takes: past the production timeouts unless a test asks for less. */
export interface SlowOption {
  slowMs?: number;
}
export const DEFAULT_SLOW_MS = 12_000;

/** Triggers a fake reads from the text a test controls (a query, a keyword, a prompt). */
export function trigger(text: string | undefined | null, name: string): boolean {
  return typeof text === 'string' && text.includes(`fake:${name}`);
}
