import type { ServerResponse } from 'node:http';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPage, guardedRequest, retryAfterSeconds } from '../../lib/fetch/fetch-page.js';
import { MAX_BODY_BYTES } from '../../lib/fetch/types.js';
import { type FixtureHandler, type FixtureServer, startFixtureServer } from '../support/fixture-server.js';
import { rejectionOf, testFetchEnv } from './fetch-env.js';

interface Seen {
  path: string;
  headers: Record<string, string | string[] | undefined>;
}

let server: FixtureServer;
const seen: Seen[] = [];
const routes = new Map<string, FixtureHandler>();
/** Responses whose transfer was closed early, by path: proves a read stopped at the cap. */
const closedEarly = new Set<string>();

function html(res: ServerResponse, body: string, status = 200, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
  res.end(body);
}

function endless(res: ServerResponse, path: string, headers: Record<string, string>) {
  res.writeHead(200, headers);
  const chunk = Buffer.alloc(64 * 1024, 'a');
  res.on('close', () => {
    if (!res.writableFinished) closedEarly.add(path);
  });
  const pump = () => {
    while (!res.destroyed && res.write(chunk)) {
      // keep writing until the socket buffer is full
    }
    if (!res.destroyed) res.once('drain', pump);
  };
  pump();
}

beforeAll(async () => {
  server = await startFixtureServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fixture');
    seen.push({ path: url.pathname + url.search, headers: req.headers });
    const handler = routes.get(url.pathname);
    if (handler) return handler(req, res);
    if (url.pathname === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('User-agent: *\nDisallow: /private\n');
      return;
    }
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end('<h1>Not found</h1>');
  });
});
afterAll(() => server.close());

function site(path: string, host = 'site.test'): string {
  return server.url(path, host);
}

function requestsTo(path: string): Seen[] {
  return seen.filter((entry) => entry.path === path);
}

function route(path: string, handler: FixtureHandler): string {
  routes.set(path, handler);
  return path;
}

describe('a plain fetch', () => {
  it('returns status, headers, kind, charset, body and timing', async () => {
    route('/hello', (_req, res) => html(res, '<title>Hi</title><p>héllo</p>', 200, { 'x-extra': 'yes' }));
    const page = await fetchPage(testFetchEnv(), site('/hello'), { timeoutMs: 5_000 });
    expect(page).toMatchObject({
      requestedUrl: site('/hello'),
      finalUrl: site('/hello'),
      status: 200,
      mimeType: 'text/html',
      charset: 'utf-8',
      kind: 'html',
      body: '<title>Hi</title><p>héllo</p>',
      redirects: [],
    });
    expect(page.headers['x-extra']).toBe('yes');
    expect(page.bytes).toBe(Buffer.byteLength('<title>Hi</title><p>héllo</p>'));
    expect(page.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('sends the configured User-Agent, Accept, Accept-Encoding and a given Accept-Language', async () => {
    route('/headers', (_req, res) => html(res, 'ok'));
    const env = testFetchEnv();
    await fetchPage(env, site('/headers'), {
      timeoutMs: 5_000,
      headers: { 'Accept-Language': 'de-CH, de;q=0.9', Host: 'evil.test' },
    });
    const { headers } = requestsTo('/headers').at(-1)!;
    expect(headers['user-agent']).toBe(env.config.userAgent);
    expect(headers['user-agent']).toContain('WebExtractBot');
    expect(headers.accept).toContain('text/html');
    expect(headers['accept-encoding']).toMatch(/gzip/);
    expect(headers['accept-encoding']).toMatch(/deflate/);
    expect(headers['accept-encoding']).toMatch(/br/);
    expect(headers['accept-language']).toBe('de-CH, de;q=0.9');
    expect(headers.host).toBe(`site.test:${server.port}`);
  });

  it('lets options.userAgent replace the configured one', async () => {
    route('/ua', (_req, res) => html(res, 'ok'));
    await fetchPage(testFetchEnv(), site('/ua'), { timeoutMs: 5_000, userAgent: 'Custom/2.0' });
    expect(requestsTo('/ua').at(-1)!.headers['user-agent']).toBe('Custom/2.0');
  });

  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    // Meant to be zlib-wrapped, yet some servers send raw deflate under the same name.
    ['deflate', deflateRawSync],
    ['br', brotliCompressSync],
    ['gzip, br', (body: Buffer) => brotliCompressSync(gzipSync(body))],
  ])('decodes a %s body and counts the decoded bytes', async (encoding, compress) => {
    const text = `<p>${'compressible '.repeat(500)}</p>`;
    const path = route(`/${encoding.replace(/\W/g, '')}-${compress.name}`, (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': encoding });
      res.end(compress(Buffer.from(text)));
    });
    const page = await fetchPage(testFetchEnv(), site(path), { timeoutMs: 5_000 });
    expect(page.body).toBe(text);
    expect(page.bytes).toBe(text.length);
  });

  it('returns other non-2xx statuses with their body for the caller to judge', async () => {
    route('/forbidden', (_req, res) => html(res, '<h1>Access denied</h1>', 403));
    route('/gone', (_req, res) => html(res, 'gone', 410));
    route('/broken', (_req, res) => html(res, 'oops', 500));
    route('/busy', (_req, res) => html(res, 'slow down', 429));
    const env = testFetchEnv();
    const forbidden = await fetchPage(env, site('/forbidden'), { timeoutMs: 5_000 });
    expect(forbidden).toMatchObject({ status: 403, body: '<h1>Access denied</h1>' });
    expect((await fetchPage(env, site('/gone'), { timeoutMs: 5_000 })).status).toBe(410);
    expect((await fetchPage(env, site('/broken'), { timeoutMs: 5_000 })).status).toBe(500);
    expect((await fetchPage(env, site('/missing'), { timeoutMs: 5_000 })).status).toBe(404);
    // A 429 without Retry-After is a bare 429 (a possible bot wall), not a wait.
    expect((await fetchPage(env, site('/busy'), { timeoutMs: 5_000 })).status).toBe(429);
  });
});

describe('redirects', () => {
  it('follows relative and absolute Locations and reports the chain', async () => {
    route('/hop/a', (_req, res) => html(res, '', 301, { location: 'b' }));
    route('/hop/b', (_req, res) => html(res, '', 302, { location: '../hop2/c?x=1' }));
    route('/hop2/c', (_req, res) => html(res, '', 307, { location: site('/end', 'other.test') }));
    route('/end', (_req, res) => html(res, 'arrived'));
    const page = await fetchPage(testFetchEnv(), site('/hop/a'), { timeoutMs: 5_000 });
    expect(page.body).toBe('arrived');
    expect(page.requestedUrl).toBe(site('/hop/a'));
    expect(page.finalUrl).toBe(site('/end', 'other.test'));
    expect(page.redirects).toEqual([site('/hop/b'), site('/hop2/c?x=1'), site('/end', 'other.test')]);
  });

  function chain(prefix: string, length: number) {
    route(`/${prefix}`, (req, res) => {
      const n = Number(new URL(req.url!, 'http://x').searchParams.get('n') ?? '0');
      if (n < length) html(res, '', 302, { location: `/${prefix}?n=${n + 1}` });
      else html(res, 'done');
    });
  }

  it('follows five redirects', async () => {
    chain('five', 5);
    const page = await fetchPage(testFetchEnv(), site('/five'), { timeoutMs: 5_000 });
    expect(page.body).toBe('done');
    expect(page.redirects).toHaveLength(5);
  });

  it('refuses a sixth with 502 FETCH_FAILED and does not request it', async () => {
    chain('six', 6);
    const error = await rejectionOf(fetchPage(testFetchEnv(), site('/six'), { timeoutMs: 5_000 }));
    expect(error).toMatchObject({ code: 'FETCH_FAILED', status: 502 });
    expect(error.message).toMatch(/too many redirects/i);
    expect(requestsTo('/six?n=6')).toHaveLength(0);
  });

  it('refuses a redirect loop the same way', async () => {
    route('/loop', (_req, res) => html(res, '', 302, { location: '/loop' }));
    const error = await rejectionOf(fetchPage(testFetchEnv(), site('/loop'), { timeoutMs: 5_000 }));
    expect(error.message).toMatch(/too many redirects/i);
  });

  it.each([
    ['loopback literal', (port: number) => `http://127.0.0.1:${port}/admin`, 'SSRF_BLOCKED'],
    ['IPv6 loopback', (port: number) => `http://[::1]:${port}/admin`, 'SSRF_BLOCKED'],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/', 'SSRF_BLOCKED'],
    ['localhost', (port: number) => `http://localhost:${port}/admin`, 'SSRF_BLOCKED'],
    ['scheme-relative loopback', (port: number) => `//127.0.0.1:${port}/admin`, 'SSRF_BLOCKED'],
    ['file scheme', () => 'file:///etc/passwd', 'SSRF_BLOCKED'],
    ['credentials', (port: number) => `http://user:pw@other.test:${port}/admin`, 'SSRF_BLOCKED'],
    ['opted-out host', () => 'http://www.optout.test/', 'HOST_OPTED_OUT'],
  ])('re-checks every hop: a redirect to a %s is refused mid-chain', async (name, target, code) => {
    const path = route(`/to-${name.replace(/\W/g, '-')}`, (_req, res) => {
      html(res, '', 302, { location: target(server.port) });
    });
    const before = seen.length;
    const error = await rejectionOf(
      fetchPage(testFetchEnv(), site(path), { timeoutMs: 5_000, respectRobots: false }),
    );
    expect(error).toMatchObject({ code, status: 403 });
    expect(seen.slice(before).map((entry) => entry.path)).not.toContain('/admin');
  });

  it('re-checks robots.txt on every hop', async () => {
    route('/to-private', (_req, res) => html(res, '', 302, { location: '/private/page' }));
    const error = await rejectionOf(fetchPage(testFetchEnv(), site('/to-private'), { timeoutMs: 5_000 }));
    expect(error).toMatchObject({ code: 'ROBOTS_DISALLOWED', status: 403 });
    expect(requestsTo('/private/page')).toHaveLength(0);
  });

  it('answers 502 for a Location that is not a URL', async () => {
    route('/bad-location', (_req, res) => html(res, '', 302, { location: 'http://[::1' }));
    const error = await rejectionOf(fetchPage(testFetchEnv(), site('/bad-location'), { timeoutMs: 5_000 }));
    expect(error).toMatchObject({ code: 'FETCH_FAILED', status: 502 });
  });

  it('returns a 3xx without Location as it is', async () => {
    route('/no-location', (_req, res) => html(res, 'moved somewhere', 302));
    const page = await fetchPage(testFetchEnv(), site('/no-location'), { timeoutMs: 5_000 });
    expect(page.status).toBe(302);
  });
});

describe('robots.txt', () => {
  it('refuses a disallowed URL with 403 ROBOTS_DISALLOWED before requesting it', async () => {
    const error = await rejectionOf(fetchPage(testFetchEnv(), site('/private/report'), { timeoutMs: 5_000 }));
    expect(error).toMatchObject({ code: 'ROBOTS_DISALLOWED', status: 403 });
    expect(error.message).toContain('WebExtractBot');
    expect(requestsTo('/private/report')).toHaveLength(0);
  });

  it('with respect_robots false fetches anyway, warns and records the override', async () => {
    route('/private/ok', (_req, res) => html(res, 'secret-ish'));
    const env = testFetchEnv();
    const url = site('/private/ok');
    const page = await fetchPage(env, url, { timeoutMs: 5_000, respectRobots: false });
    expect(page.body).toBe('secret-ish');
    expect(env.warnings).toEqual([
      `robots.txt disallows ${url} for WebExtractBot; fetched because respect_robots is false`,
    ]);
    expect(env.overrides).toEqual([url]);
  });

  it('neither warns nor records when robots.txt allows the URL', async () => {
    route('/public', (_req, res) => html(res, 'fine'));
    const env = testFetchEnv();
    await fetchPage(env, site('/public'), { timeoutMs: 5_000, respectRobots: false });
    expect(env.warnings).toEqual([]);
    expect(env.overrides).toEqual([]);
  });

  it('fetches robots.txt through the same guard: a redirect to loopback is never followed', async () => {
    const robotsServer = await startFixtureServer((req, res) => {
      if (req.url === '/robots.txt')
        html(res, '', 302, { location: `http://127.0.0.1:${server.port}/internal-robots` });
      else html(res, 'page');
    });
    try {
      const url = robotsServer.url('/page', 'other.test');
      const error = await rejectionOf(fetchPage(testFetchEnv(), url, { timeoutMs: 5_000 }));
      // An unreachable robots.txt means "disallow all" (RFC 9309 §2.3.1.4).
      expect(error.code).toBe('ROBOTS_DISALLOWED');
      expect(requestsTo('/internal-robots')).toHaveLength(0);
    } finally {
      await robotsServer.close();
    }
  });

  it('reports an unreachable host as 502, not as a robots refusal', async () => {
    const dead = await startFixtureServer(() => {});
    const port = dead.port;
    await dead.close();
    const error = await rejectionOf(
      fetchPage(testFetchEnv(), `http://site.test:${port}/`, { timeoutMs: 5_000 }),
    );
    expect(error).toMatchObject({ code: 'FETCH_FAILED', status: 502 });
  });
});

describe('body limits', () => {
  it('stops an endless body at maxBytes with 413 and closes the transfer', async () => {
    route('/endless', (_req, res) => endless(res, '/endless', { 'content-type': 'text/html' }));
    const started = Date.now();
    const error = await rejectionOf(
      fetchPage(testFetchEnv(), site('/endless'), { timeoutMs: 10_000, maxBytes: 256 * 1024 }),
    );
    expect(error).toMatchObject({ code: 'RESPONSE_TOO_LARGE', status: 413 });
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect.poll(() => closedEarly.has('/endless')).toBe(true);
  });

  it('stops an endless body at the 25 MB default', async () => {
    route('/endless-default', (_req, res) =>
      endless(res, '/endless-default', { 'content-type': 'text/plain' }),
    );
    const error = await rejectionOf(
      fetchPage(testFetchEnv(), site('/endless-default'), { timeoutMs: 20_000 }),
    );
    expect(error).toMatchObject({ code: 'RESPONSE_TOO_LARGE', status: 413 });
    expect(error.message).toContain(String(MAX_BODY_BYTES));
  });

  it('accepts a body of exactly maxBytes and refuses one byte more', async () => {
    route('/exact', (req, res) => {
      const size = Number(new URL(req.url!, 'http://x').searchParams.get('size'));
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('x'.repeat(size));
    });
    const env = testFetchEnv();
    const page = await fetchPage(env, site('/exact?size=1000'), { timeoutMs: 5_000, maxBytes: 1000 });
    expect(page.bytes).toBe(1000);
    const error = await rejectionOf(
      fetchPage(env, site('/exact?size=1001'), { timeoutMs: 5_000, maxBytes: 1000 }),
    );
    expect(error.code).toBe('RESPONSE_TOO_LARGE');
  });

  it('refuses a declared Content-Length over the cap without reading the body', async () => {
    route('/declared-large', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(50 * 1024 * 1024) });
      res.write('<p>');
      res.on('close', () => {
        if (!res.writableFinished) closedEarly.add('/declared-large');
      });
    });
    const error = await rejectionOf(fetchPage(testFetchEnv(), site('/declared-large'), { timeoutMs: 5_000 }));
    expect(error).toMatchObject({ code: 'RESPONSE_TOO_LARGE', status: 413 });
    await expect.poll(() => closedEarly.has('/declared-large')).toBe(true);
  });

  it('counts decompressed bytes: a small gzip bomb stops at the cap', async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(200 * 1024);
    route('/bomb', (_req, res) => {
      res.writeHead(200, {
        'content-type': 'text/html',
        'content-encoding': 'gzip',
        'content-length': bomb.length,
      });
      res.end(bomb);
    });
    const env = testFetchEnv();
    const small = await rejectionOf(
      fetchPage(env, site('/bomb'), { timeoutMs: 10_000, maxBytes: 1024 * 1024 }),
    );
    expect(small).toMatchObject({ code: 'RESPONSE_TOO_LARGE', status: 413 });
    const byDefault = await rejectionOf(fetchPage(env, site('/bomb'), { timeoutMs: 10_000 }));
    expect(byDefault.code).toBe('RESPONSE_TOO_LARGE');
  });
});

describe('the overall deadline', () => {
  it('answers 504 FETCH_TIMEOUT on a slow-drip body', async () => {
    route('/drip', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const timer = setInterval(() => res.write('.'), 50);
      res.on('close', () => clearInterval(timer));
    });
    const started = Date.now();
    const error = await rejectionOf(fetchPage(testFetchEnv(), site('/drip'), { timeoutMs: 600 }));
    expect(error).toMatchObject({ code: 'FETCH_TIMEOUT', status: 504 });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('answers 504 when the server never sends headers', async () => {
    route('/silent', () => {});
    const error = await rejectionOf(fetchPage(testFetchEnv(), site('/silent'), { timeoutMs: 400 }));
    expect(error).toMatchObject({ code: 'FETCH_TIMEOUT', status: 504 });
  });

  it('spans the whole redirect chain, not each hop', async () => {
    route('/slow-hop', (req, res) => {
      const n = Number(new URL(req.url!, 'http://x').searchParams.get('n') ?? '0');
      setTimeout(() => html(res, '', 302, { location: `/slow-hop?n=${n + 1}` }), 150);
    });
    const error = await rejectionOf(fetchPage(testFetchEnv(), site('/slow-hop'), { timeoutMs: 500 }));
    expect(error.code).toBe('FETCH_TIMEOUT');
  });

  it('covers the robots.txt fetch: a hanging robots.txt is a timeout, not a robots refusal', async () => {
    const hanging = await startFixtureServer(() => {});
    try {
      const url = hanging.url('/page', 'other.test');
      const error = await rejectionOf(fetchPage(testFetchEnv(), url, { timeoutMs: 300 }));
      expect(error).toMatchObject({ code: 'FETCH_TIMEOUT', status: 504 });
    } finally {
      await hanging.close();
    }
  });

  it('stops when the caller aborts env.signal', async () => {
    route('/hang', () => {});
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const error = await rejectionOf(
      fetchPage(testFetchEnv({}, controller.signal), site('/hang'), { timeoutMs: 10_000 }),
    );
    expect(['FETCH_FAILED', 'FETCH_TIMEOUT']).toContain(error.code);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('failures', () => {
  it('answers 502 FETCH_FAILED when the connection is reset', async () => {
    route('/reset', (req) => {
      req.socket.destroy();
    });
    const error = await rejectionOf(fetchPage(testFetchEnv(), site('/reset'), { timeoutMs: 5_000 }));
    expect(error).toMatchObject({ code: 'FETCH_FAILED', status: 502 });
  });
});

describe('Retry-After', () => {
  function busyOnce(path: string, status: number, retryAfter: () => string) {
    let calls = 0;
    route(path, (_req, res) => {
      calls += 1;
      if (calls === 1) html(res, 'wait', status, { 'retry-after': retryAfter() });
      else html(res, 'served');
    });
  }

  it('waits out a 503 with Retry-After: 1 once, then succeeds', async () => {
    busyOnce('/retry-503', 503, () => '1');
    const started = Date.now();
    const page = await fetchPage(testFetchEnv(), site('/retry-503'), { timeoutMs: 10_000 });
    expect(page).toMatchObject({ status: 200, body: 'served' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(requestsTo('/retry-503')).toHaveLength(2);
  });

  it('reads Retry-After as an HTTP date', async () => {
    busyOnce('/retry-date', 429, () => new Date(Date.now() + 1_000).toUTCString());
    const page = await fetchPage(testFetchEnv(), site('/retry-date'), { timeoutMs: 10_000 });
    expect(page.body).toBe('served');
  });

  it('answers 429 TARGET_RETRY_LATER with Retry-After when the wait is longer than allowed', async () => {
    route('/retry-60', (_req, res) => html(res, 'later', 429, { 'retry-after': '60' }));
    const started = Date.now();
    const error = await rejectionOf(fetchPage(testFetchEnv(), site('/retry-60'), { timeoutMs: 10_000 }));
    expect(error).toMatchObject({
      code: 'TARGET_RETRY_LATER',
      status: 429,
      headers: { 'Retry-After': '60' },
    });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(requestsTo('/retry-60')).toHaveLength(1);
  });

  it('honours retryAfterMaxSeconds', async () => {
    route('/retry-3', (_req, res) => html(res, 'later', 503, { 'retry-after': '3' }));
    const error = await rejectionOf(
      fetchPage(testFetchEnv(), site('/retry-3'), { timeoutMs: 10_000, retryAfterMaxSeconds: 2 }),
    );
    expect(error).toMatchObject({ code: 'TARGET_RETRY_LATER', headers: { 'Retry-After': '3' } });
  });

  it('does not wait when the wait would overrun the deadline', async () => {
    route('/retry-5', (_req, res) => html(res, 'later', 503, { 'retry-after': '5' }));
    const started = Date.now();
    const error = await rejectionOf(fetchPage(testFetchEnv(), site('/retry-5'), { timeoutMs: 2_000 }));
    expect(error.code).toBe('TARGET_RETRY_LATER');
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('retries only once', async () => {
    route('/retry-always', (_req, res) => html(res, 'later', 503, { 'retry-after': '0' }));
    const error = await rejectionOf(fetchPage(testFetchEnv(), site('/retry-always'), { timeoutMs: 5_000 }));
    expect(error.code).toBe('TARGET_RETRY_LATER');
    expect(requestsTo('/retry-always')).toHaveLength(2);
  });

  it('parses delta-seconds and dates, and ignores anything else', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterSeconds('7', now)).toBe(7);
    expect(retryAfterSeconds(' 0 ', now)).toBe(0);
    expect(retryAfterSeconds('Wed, 01 Jan 2025 00:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds('Tue, 31 Dec 2024 23:00:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds('soon', now)).toBeNull();
    expect(retryAfterSeconds('-5', now)).toBeNull();
    expect(retryAfterSeconds(null, now)).toBeNull();
  });
});

describe('guardedRequest (the robots.txt and webhook path)', () => {
  it('applies the guard without consulting robots.txt', async () => {
    route('/private/raw', (_req, res) => html(res, 'raw'));
    const response = await guardedRequest(testFetchEnv(), site('/private/raw'), {
      timeoutMs: 5_000,
      maxBytes: 1024,
    });
    expect(response.body).toBe('raw');
    await expect(
      guardedRequest(testFetchEnv(), `http://127.0.0.1:${server.port}/`, {
        timeoutMs: 5_000,
        maxBytes: 1024,
      }),
    ).rejects.toMatchObject({ code: 'SSRF_BLOCKED' });
  });

  it('can truncate at the cap instead of refusing (RFC 9309 parses the first 500 KiB)', async () => {
    route('/big-robots', (_req, res) =>
      endless(res, '/big-robots', { 'content-type': 'application/octet-stream' }),
    );
    const response = await guardedRequest(testFetchEnv(), site('/big-robots'), {
      timeoutMs: 5_000,
      maxBytes: 500 * 1024,
      overflow: 'truncate',
      readAs: 'text',
    });
    expect(response.bytes).toBe(500 * 1024);
    expect(response.body).toHaveLength(500 * 1024);
  });
});
