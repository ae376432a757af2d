import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseConfig } from '../../lib/env.js';
import { checkRobots, MAX_ROBOTS_BYTES, type RobotsFileFetcher } from '../../lib/fetch/robots/index.js';
import type { FetchEnvironment } from '../../lib/fetch/types.js';
import { MemoryStore } from '../../lib/kv/memory-store.js';
import { type FixtureServer, startFixtureServer } from '../support/fixture-server.js';

/** Remembers the TTL of every write so tests can see how long a verdict is kept. */
class RecordingStore extends MemoryStore {
  readonly writes: Array<{ key: string; ttlSeconds: number }> = [];
  override async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    this.writes.push({ key, ttlSeconds });
    await super.set(key, value, ttlSeconds);
  }
}

function makeEnv(overrides: Record<string, string> = {}, signal?: AbortSignal) {
  const kv = new RecordingStore();
  const env: FetchEnvironment = {
    config: parseConfig(overrides),
    kv,
    warn: () => {},
    recordRobotsOverride: async () => {},
    signal,
  };
  return { env, kv };
}

/** Stands in for the guarded fetcher: a real HTTP request, redirects left to fetch. */
const fetchRobotsFile: RobotsFileFetcher = async (robotsUrl) => {
  const response = await fetch(robotsUrl);
  return { status: response.status, body: await response.text() };
};

let server: FixtureServer;
let robotsStatus = 200;
let robotsBody = '';
let robotsRequests = 0;

beforeAll(async () => {
  server = await startFixtureServer((req, res) => {
    if (req.url === '/robots.txt') {
      robotsRequests += 1;
      res.writeHead(robotsStatus, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(robotsBody);
      return;
    }
    if (req.url === '/moved/robots.txt') {
      res.writeHead(301, { location: '/robots.txt' });
      res.end();
      return;
    }
    res.writeHead(404);
    res.end();
  });
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  robotsStatus = 200;
  robotsBody = '';
  robotsRequests = 0;
});

afterEach(() => {
  vi.useRealTimers();
});

function page(path: string): URL {
  return new URL(server.url(path));
}

describe('checkRobots over HTTP', () => {
  it('applies the rules of a 2xx file to the token group and returns its Crawl-delay', async () => {
    robotsBody = [
      'User-agent: *',
      'Disallow: /',
      '',
      'User-agent: WebExtractBot',
      'Crawl-delay: 1.5',
      'Disallow: /private',
      'Allow: /private/open',
    ].join('\n');
    const { env } = makeEnv();
    expect(await checkRobots(env, page('/public'), fetchRobotsFile)).toEqual({
      allowed: true,
      crawlDelaySeconds: 1.5,
    });
    expect(await checkRobots(env, page('/private/x'), fetchRobotsFile)).toEqual({
      allowed: false,
      crawlDelaySeconds: 1.5,
    });
    expect((await checkRobots(env, page('/private/open/x'), fetchRobotsFile)).allowed).toBe(true);
    expect((await checkRobots(env, page('/%70rivate/x'), fetchRobotsFile)).allowed).toBe(false);
    expect(robotsRequests).toBe(1);
  });

  it('matches on the configured product token', async () => {
    robotsBody = 'User-agent: OtherBot\nDisallow: /\n\nUser-agent: *\nAllow: /';
    const { env } = makeEnv({ ROBOTS_PRODUCT_TOKEN: 'OtherBot' });
    expect((await checkRobots(env, page('/x'), fetchRobotsFile)).allowed).toBe(false);
    const { env: defaultEnv } = makeEnv();
    expect((await checkRobots(defaultEnv, page('/x'), fetchRobotsFile)).allowed).toBe(true);
  });

  it('includes the query string in the path it matches', async () => {
    robotsBody = 'User-agent: *\nDisallow: /*?session=';
    const { env } = makeEnv();
    expect((await checkRobots(env, page('/list?session=1'), fetchRobotsFile)).allowed).toBe(false);
    expect((await checkRobots(env, page('/list?page=2'), fetchRobotsFile)).allowed).toBe(true);
  });

  it.each([404, 403, 410])('allows everything on %i and caches it for 24 h', async (status) => {
    robotsStatus = status;
    robotsBody = 'User-agent: *\nDisallow: /';
    const { env, kv } = makeEnv();
    expect(await checkRobots(env, page('/anything'), fetchRobotsFile)).toEqual({
      allowed: true,
      crawlDelaySeconds: null,
    });
    expect(kv.writes).toEqual([{ key: `robots:http://127.0.0.1:${server.port}`, ttlSeconds: 86_400 }]);
  });

  it('treats a redirect the fetcher did not follow as unavailable', async () => {
    const { env } = makeEnv();
    const manual: RobotsFileFetcher = async () => {
      const response = await fetch(server.url('/moved/robots.txt'), { redirect: 'manual' });
      return { status: response.status, body: await response.text() };
    };
    expect((await checkRobots(env, page('/x'), manual)).allowed).toBe(true);
  });

  it.each([500, 503])('disallows everything on %i and keeps that for 60 s only', async (status) => {
    robotsStatus = status;
    robotsBody = 'User-agent: *\nAllow: /';
    const { env, kv } = makeEnv();
    expect(await checkRobots(env, page('/x'), fetchRobotsFile)).toEqual({
      allowed: false,
      crawlDelaySeconds: null,
    });
    expect(kv.writes.map((write) => write.ttlSeconds)).toEqual([60]);
  });

  it('disallows everything when the host is unreachable, without caching it', async () => {
    const closed = await startFixtureServer(() => {});
    const url = new URL(closed.url('/page'));
    await closed.close();
    const { env, kv } = makeEnv();
    expect(await checkRobots(env, url, fetchRobotsFile)).toEqual({ allowed: false, crawlDelaySeconds: null });
    // A cached "disallow" would turn the next call's 502 (host down) into a false robots 403.
    expect(kv.writes).toEqual([]);
  });

  it('lets the host back in once a 5xx verdict expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    robotsStatus = 503;
    const { env } = makeEnv();
    expect((await checkRobots(env, page('/x'), fetchRobotsFile)).allowed).toBe(false);

    robotsStatus = 200;
    robotsBody = 'User-agent: *\nAllow: /';
    vi.setSystemTime(Date.now() + 30_000);
    expect((await checkRobots(env, page('/x'), fetchRobotsFile)).allowed).toBe(false);
    expect(robotsRequests).toBe(1);

    vi.setSystemTime(Date.now() + 31_000);
    expect((await checkRobots(env, page('/x'), fetchRobotsFile)).allowed).toBe(true);
    expect(robotsRequests).toBe(2);
  });

  it('keeps a parsed file for 24 h, then fetches it again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    robotsBody = 'User-agent: *\nDisallow: /x';
    const { env } = makeEnv();
    expect((await checkRobots(env, page('/x'), fetchRobotsFile)).allowed).toBe(false);
    robotsBody = 'User-agent: *\nAllow: /';
    vi.setSystemTime(Date.now() + 23 * 3_600_000);
    expect((await checkRobots(env, page('/x'), fetchRobotsFile)).allowed).toBe(false);
    vi.setSystemTime(Date.now() + 2 * 3_600_000);
    expect((await checkRobots(env, page('/x'), fetchRobotsFile)).allowed).toBe(true);
    expect(robotsRequests).toBe(2);
  });

  it('neither answers nor caches when the caller itself aborted', async () => {
    const controller = new AbortController();
    const { env, kv } = makeEnv({}, controller.signal);
    const aborting: RobotsFileFetcher = async () => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    };
    await expect(checkRobots(env, page('/x'), aborting)).rejects.toThrow('aborted');
    expect(kv.writes).toEqual([]);
  });

  it('parses only the first 500 KiB of the file', async () => {
    const padding = '#'
      .repeat(99)
      .concat('\n')
      .repeat(Math.ceil(MAX_ROBOTS_BYTES / 100));
    robotsBody = `User-agent: *\nDisallow: /early\n${padding}Disallow: /late\n`;
    const { env } = makeEnv();
    expect((await checkRobots(env, page('/early'), fetchRobotsFile)).allowed).toBe(false);
    expect((await checkRobots(env, page('/late'), fetchRobotsFile)).allowed).toBe(true);
  });
});

describe('checkRobots caching', () => {
  it('fetches robots.txt once per origin, whatever path is checked next', async () => {
    robotsBody = 'User-agent: *\nDisallow: /a';
    const calls: string[] = [];
    const counting: RobotsFileFetcher = async (robotsUrl) => {
      calls.push(robotsUrl.href);
      return fetchRobotsFile(robotsUrl);
    };
    const { env } = makeEnv();
    expect((await checkRobots(env, page('/a'), counting)).allowed).toBe(false);
    expect((await checkRobots(env, page('/b?x=1'), counting)).allowed).toBe(true);
    expect((await checkRobots(env, page('/a/deeper'), counting)).allowed).toBe(false);
    expect(calls).toEqual([server.url('/robots.txt')]);
    expect(robotsRequests).toBe(1);
  });

  it('keeps origins apart: another port is another robots.txt', async () => {
    const other = await startFixtureServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('User-agent: *\nDisallow: /');
    });
    try {
      robotsBody = 'User-agent: *\nAllow: /';
      const { env } = makeEnv();
      expect((await checkRobots(env, page('/x'), fetchRobotsFile)).allowed).toBe(true);
      expect((await checkRobots(env, new URL(other.url('/x')), fetchRobotsFile)).allowed).toBe(false);
      expect((await checkRobots(env, page('/x'), fetchRobotsFile)).allowed).toBe(true);
      expect(robotsRequests).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('does not reuse a group chosen for a different product token', async () => {
    robotsBody = 'User-agent: OtherBot\nDisallow: /\n\nUser-agent: *\nAllow: /';
    const kv = new MemoryStore();
    const base = { kv, warn: () => {}, recordRobotsOverride: async () => {} };
    const first: FetchEnvironment = { ...base, config: parseConfig({}) };
    const second: FetchEnvironment = { ...base, config: parseConfig({ ROBOTS_PRODUCT_TOKEN: 'OtherBot' }) };
    expect((await checkRobots(first, page('/x'), fetchRobotsFile)).allowed).toBe(true);
    expect((await checkRobots(second, page('/x'), fetchRobotsFile)).allowed).toBe(false);
    expect(robotsRequests).toBe(2);
  });

  it('answers for /robots.txt itself without fetching it', async () => {
    robotsBody = 'User-agent: *\nDisallow: /';
    const { env } = makeEnv();
    expect(await checkRobots(env, page('/robots.txt'), fetchRobotsFile)).toEqual({
      allowed: true,
      crawlDelaySeconds: null,
    });
    expect(robotsRequests).toBe(0);
  });

  it('survives a store that fails, at the cost of fetching every time', async () => {
    robotsBody = 'User-agent: *\nDisallow: /a';
    const broken = new MemoryStore();
    broken.get = async () => {
      throw new Error('store down');
    };
    broken.set = async () => {
      throw new Error('store down');
    };
    const env: FetchEnvironment = {
      config: parseConfig({}),
      kv: broken,
      warn: () => {},
      recordRobotsOverride: async () => {},
    };
    expect((await checkRobots(env, page('/a'), fetchRobotsFile)).allowed).toBe(false);
    expect((await checkRobots(env, page('/b'), fetchRobotsFile)).allowed).toBe(true);
    expect(robotsRequests).toBe(2);
  });
});
