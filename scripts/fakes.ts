import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { ANTHROPIC_TEST_KEY, startAnthropicFake } from '../test/fakes/anthropic.js';
import { startArcticShiftFake } from '../test/fakes/arctic-shift.js';
import { BRAVE_TEST_KEY, startBraveFake } from '../test/fakes/brave.js';
import {
  DATAFORSEO_TEST_LOGIN,
  DATAFORSEO_TEST_PASSWORD,
  startDataForSeoFake,
} from '../test/fakes/dataforseo.js';
import type { FakeServer } from '../test/fakes/fake-http.js';
import { startOllamaFake } from '../test/fakes/ollama.js';
import { OPENAI_TEST_KEY, startOpenAiFake } from '../test/fakes/openai.js';
import { startPullPushFake } from '../test/fakes/pullpush.js';
import { type CorpusHit, defaultCorpus } from '../test/fakes/search-corpus.js';
import { startSearxngFake } from '../test/fakes/searxng.js';

/**
 * `npm run fakes`: every third-party provider's fake on a fixed local port, plus a small site of
 * pages for deep_research and agent to read, and the variables that point the dev server at them.
 * The fakes answer the providers' documented bodies and check what they receive (keys, parameters),
 * so a newcomer can try every provider tool without an account anywhere.
 */
export const FIRST_PORT = 4101;
const SITE_HOST = 'research.test';

const PAGES: Record<string, { file: string; title: string; snippet: string }> = {
  '/guides/retry-after': {
    file: 'research/retry-after-guide.html',
    title: 'Retry-After explained',
    snippet: 'How servers ask clients to wait.',
  },
  '/libs/retries': {
    file: 'research/client-retries.html',
    title: 'Retries in HTTP client libraries',
    snippet: 'Backoff, jitter and Retry-After.',
  },
  '/products/widget-pro': {
    file: 'structured/product.html',
    title: 'Acme Widget Pro',
    snippet: 'The sturdy widget for every bench.',
  },
  '/recipes/pancakes': {
    file: 'structured/recipe-microdata.html',
    title: 'Weekend pancakes',
    snippet: 'Eggs, milk and flour.',
  },
};

function fixture(path: string): string {
  return readFileSync(new URL(`../test/fixtures/${path}`, import.meta.url), 'utf8');
}

async function startSite(port: number): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://site').pathname;
    if (path === '/robots.txt')
      return void res
        .writeHead(200, { 'content-type': 'text/plain' })
        .end('User-agent: *\nDisallow: /private\n');
    const page = PAGES[path];
    if (!page) return void res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(fixture(page.file));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The site's pages lead every result list, so research tools have something they can read. */
function corpus(query: string): CorpusHit[] {
  const site = Object.entries(PAGES).map(([path, page]) => ({
    url: `http://${SITE_HOST}${path}`,
    title: page.title,
    snippet: page.snippet,
  }));
  return [...site, ...defaultCorpus(query)];
}

export interface RunningFakes {
  /** Variables for the dev server, in the order printed. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Starts every fake. `firstPort` 0 picks free ports (tests); otherwise ports follow one another. */
export async function startFakes(firstPort = FIRST_PORT): Promise<RunningFakes> {
  const port = (offset: number) => (firstPort === 0 ? 0 : firstPort + offset);
  const servers: FakeServer[] = [];
  const start = async (fake: Promise<FakeServer>) => {
    const server = await fake;
    servers.push(server);
    return server;
  };
  const searxng = await start(startSearxngFake({ port: port(0), corpus }));
  const brave = await start(startBraveFake({ port: port(1), corpus }));
  const dataforseo = await start(startDataForSeoFake({ port: port(2) }));
  const arctic = await start(startArcticShiftFake({ port: port(3) }));
  const pullpush = await start(startPullPushFake({ port: port(4) }));
  const ollama = await start(startOllamaFake({ port: port(5) }));
  const openai = await start(startOpenAiFake({ port: port(6) }));
  const anthropic = await start(startAnthropicFake({ port: port(7) }));
  const site = await startSite(port(8));
  return {
    env: {
      SEARXNG_URL: searxng.url,
      BRAVE_SEARCH_URL: brave.url,
      BRAVE_SEARCH_API_KEY: BRAVE_TEST_KEY,
      DATAFORSEO_URL: dataforseo.url,
      DATAFORSEO_LOGIN: DATAFORSEO_TEST_LOGIN,
      DATAFORSEO_PASSWORD: DATAFORSEO_TEST_PASSWORD,
      ARCTIC_SHIFT_URL: arctic.url,
      PULLPUSH_URL: pullpush.url,
      OLLAMA_HOST: `127.0.0.1:${ollama.port}`,
      OPENAI_BASE_URL: `${openai.url}/v1`,
      OPENAI_API_KEY: OPENAI_TEST_KEY,
      ANTHROPIC_BASE_URL: anthropic.url,
      ANTHROPIC_API_KEY: ANTHROPIC_TEST_KEY,
      FETCH_HOST_MAP: `${SITE_HOST}=127.0.0.1:${site.port}`,
    },
    async close() {
      await Promise.all([...servers.map((server) => server.close()), site.close()]);
    },
  };
}

async function main(): Promise<void> {
  const fakes = await startFakes(Number(process.env.FAKES_FIRST_PORT ?? FIRST_PORT));
  const exports = Object.entries(fakes.env).map(([name, value]) => `export ${name}='${value}'`);
  console.log('Provider fakes listening on 127.0.0.1. Point the dev server at them:\n');
  console.log(exports.join('\n'));
  console.log(
    `\nthen \`npm start\` in that shell. Queries containing fake:slow, fake:ratelimit, fake:error or fake:malformed ` +
      `make a fake misbehave; pages of http://${SITE_HOST}/ lead every search result. Ctrl-C stops the fakes.`,
  );
  const stop = () => void fakes.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
