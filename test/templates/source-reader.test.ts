import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../lib/env.js';
import { MemoryStore } from '../../lib/kv/memory-store.js';
import { createSourceReader } from '../../lib/tools/scrape-template/source-reader.js';
import { answer, html, json, type PlatformServer, startPlatformServer } from './platform-server.js';

let server: PlatformServer;
const HOST = 'api.lever.co';

beforeAll(async () => {
  server = await startPlatformServer({
    [`${HOST}/private/feed`]: json({ ok: true }),
    [`${HOST}/not-json`]: html(
      '<html><body><p>Scheduled maintenance until 10:00 UTC. Thank you for your patience while we upgrade.</p></body></html>',
    ),
    [`${HOST}/gone`]: answer(404, { 'content-type': 'application/json' }, '{"ok":false}'),
    [`${HOST}/slow`]: (_req, res) => {
      setTimeout(() => res.end('{}'), 1_000).unref();
    },
  });
});
afterAll(() => server.close());

function reader(timeoutMs = 5_000, respectRobots = true) {
  const warnings: string[] = [];
  const env = {
    config: parseConfig({ NODE_ENV: 'test', ...server.env }),
    kv: new MemoryStore(),
    warn: (message: string) => warnings.push(message),
    recordRobotsOverride: async () => {},
  };
  return { reader: createSourceReader(env, { timeoutMs, respectRobots }), warnings };
}

describe('the source reader of scrape_template', () => {
  it('reads a public API without robots.txt, and a website document only as robots.txt allows', async () => {
    const { reader: read } = reader();
    await expect(read.apiJson(`https://${HOST}/private/feed`)).resolves.toMatchObject({ data: { ok: true } });
    await expect(read.pageJson(`https://${HOST}/private/feed`)).rejects.toMatchObject({
      code: 'ROBOTS_DISALLOWED',
      status: 403,
    });
  });

  it('fetches a disallowed page with respect_robots: false, with a warning', async () => {
    const { reader: read, warnings } = reader(5_000, false);
    await expect(read.pageJson(`https://${HOST}/private/feed`)).resolves.toMatchObject({
      data: { ok: true },
    });
    expect(warnings).toEqual([expect.stringContaining('robots.txt disallows')]);
  });

  it('answers 502 FETCH_FAILED when an API answers something that is not JSON', async () => {
    const { reader: read } = reader();
    await expect(read.apiJson(`https://${HOST}/not-json`)).rejects.toMatchObject({
      code: 'FETCH_FAILED',
      status: 502,
    });
  });

  it("passes the target's 404 through as UPSTREAM_HTTP", async () => {
    const { reader: read } = reader();
    await expect(read.apiJson(`https://${HOST}/gone`)).rejects.toMatchObject({
      code: 'UPSTREAM_HTTP',
      status: 404,
    });
  });

  it('holds every request of a call to one deadline', async () => {
    const { reader: read } = reader(300);
    await expect(read.apiJson(`https://${HOST}/slow`)).rejects.toMatchObject({
      code: 'FETCH_TIMEOUT',
      status: 504,
    });
    await expect(read.apiJson(`https://${HOST}/private/feed`)).rejects.toMatchObject({
      code: 'FETCH_TIMEOUT',
      message: expect.stringContaining('300 ms timeout'),
    });
  });
});
