import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PageDocument } from '../../lib/extract/index.js';
import { agentTool } from '../../lib/tools/agent/index.js';
import { deepResearchTool } from '../../lib/tools/deep-research/index.js';
import { searchWebTool } from '../../lib/tools/search-web/index.js';
import type { CorpusHit } from '../../test/fakes/search-corpus.js';
import { defaultCorpus } from '../../test/fakes/search-corpus.js';
import { startSearxngFake } from '../../test/fakes/searxng.js';
import { type BenchServers, startBenchServers, timedCall } from './bench-server.js';
import { summarize } from './stats.js';

const ROUNDS = Number(process.env.BENCH_RESEARCH_ROUNDS ?? 20);
/** What a metasearch page costs upstream is engine time; 100 ms makes concurrency visible. */
const SEARCH_LATENCY_MS = Number(process.env.BENCH_SEARCH_LATENCY_MS ?? 100);
const SITE_HOST = 'bench-research.test';
const CORPUS = fileURLToPath(new URL('../../test/fixtures/corpus/', import.meta.url));

/**
 * search_web: a batch of 10 queries (run concurrently) against one query and against the same ten
 * sent one after another, all through the metered HTTP API to the SearXNG fake on loopback.
 * deep_research: 10 sources, real pages of the corpus on a loopback site, wall time and peak memory,
 * against fetching and parsing the same 10 pages without the tool in the same run.
 * agent: the steps it spends (it must read `maxUrls` pages within `maxSteps`, searching once) and
 * its wall time against fetching and parsing the same pages without the tool.
 */
export async function runResearchBench(): Promise<void> {
  const pages = loadPages(10);
  const site = await servePages(pages);
  const urls = pages.map((_, index) => `http://${SITE_HOST}/page/${index}`);
  // Research queries find the ten corpus pages (each planned query all of them, as a narrow topic
  // would); the search benchmark's queries find the generated results.
  const corpus = (query: string): CorpusHit[] =>
    query.startsWith('benchmark query')
      ? defaultCorpus(query)
      : urls.map((url, index) => ({
          url,
          title: `Page ${index}`,
          snippet: 'A page of the benchmark corpus.',
        }));
  const searxng = await startSearxngFake({ corpus, latencyMs: SEARCH_LATENCY_MS });
  const saved = { SEARXNG_URL: process.env.SEARXNG_URL, FETCH_HOST_MAP: process.env.FETCH_HOST_MAP };
  process.env.SEARXNG_URL = searxng.url;
  process.env.FETCH_HOST_MAP = `${SITE_HOST}=127.0.0.1:${site.port}`;
  try {
    await searchBench();
    await researchBench(urls);
    await agentBench(urls);
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await Promise.all([searxng.close(), site.close()]);
  }
}

async function searchBench(): Promise<void> {
  const bench = await startBenchServers(searchWebTool, { keys: 40, credits: ROUNDS * 200 + 1_000 });
  try {
    const url = `${bench.metered.url}/api/v1/tools/search_web`;
    const queries = Array.from({ length: 10 }, (_, index) => `benchmark query ${index}`);
    let call = 0;
    const post = (body: object) =>
      timedCall(url, {
        method: 'POST',
        key: bench.keys[call++ % bench.keys.length],
        body: JSON.stringify(body),
      });
    for (let i = 0; i < 5; i += 1) await post({ queries });
    const batch: number[] = [];
    const single: number[] = [];
    const sequential: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      batch.push((await post({ queries })).latencyMs);
      single.push((await post({ query: queries[0] })).latencyMs);
      const started = performance.now();
      for (const query of queries) await post({ query });
      sequential.push(performance.now() - started);
    }
    const [b, s, q] = [batch, single, sequential].map((samples) => summarize(samples));
    console.log(
      `\nsearch_web against the SearXNG fake (${SEARCH_LATENCY_MS} ms a page), ${ROUNDS} rounds, p50 / p99 wall time`,
    );
    console.log(`  batch of 10 queries (concurrent): ${b.p50.toFixed(1)} / ${b.p99.toFixed(1)} ms`);
    console.log(`  one query:                        ${s.p50.toFixed(1)} / ${s.p99.toFixed(1)} ms`);
    console.log(`  the 10 queries one after another: ${q.p50.toFixed(1)} / ${q.p99.toFixed(1)} ms`);
    console.log(
      `  batch / one query: ${(b.p50 / s.p50).toFixed(2)}x; batch / sequential: ${(b.p50 / q.p50).toFixed(2)}x`,
    );
  } finally {
    await bench.close();
  }
}

async function researchBench(urls: string[]): Promise<void> {
  const bench: BenchServers = await startBenchServers(deepResearchTool, {
    keys: 20,
    credits: ROUNDS * 20 + 200,
  });
  try {
    const url = `${bench.metered.url}/api/v1/tools/deep_research`;
    const body = JSON.stringify({
      research_query: 'bench research: how are these pages written?',
      max_sources: 10,
      research_scope: { depth_level: 'comprehensive' },
    });
    let call = 0;
    const research = () =>
      timedCall(url, { method: 'POST', key: bench.keys[call++ % bench.keys.length], body });
    // What reading the same sources costs without the tool: fetch all ten at once, parse each.
    const site = process.env.FETCH_HOST_MAP?.split(':').at(-1);
    const baseline = async () => {
      const started = performance.now();
      await Promise.all(
        urls.map(async (pageUrl) => {
          const html = await (await fetch(pageUrl.replace(SITE_HOST, `127.0.0.1:${site}`))).text();
          PageDocument.parse(html, pageUrl).text({
            onlyMainContent: true,
            clean: true,
            preserve_formatting: true,
          });
        }),
      );
      return performance.now() - started;
    };
    for (let i = 0; i < 3; i += 1) {
      await research();
      await baseline();
    }
    globalThis.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 2);
    const tool: number[] = [];
    const base: number[] = [];
    let sourcesFetched = 0;
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        tool.push((await research()).latencyMs);
        base.push(await baseline());
      }
      const check = await fetch(url, {
        method: 'POST',
        headers: { 'X-API-Key': bench.keys[0], 'Content-Type': 'application/json' },
        body,
      });
      const answer = (await check.json()) as { data: { methodology: { sources_fetched: number } } };
      sourcesFetched = answer.data.methodology.sources_fetched;
    } finally {
      clearInterval(sampler);
    }
    const [t, b] = [tool, base].map((samples) => summarize(samples));
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    console.log(
      `\ndeep_research, 10 sources on a loopback site (${sourcesFetched} fetched), comprehensive (3 queries), ${ROUNDS} rounds`,
    );
    console.log(`  deep_research wall time p50 / p99: ${t.p50.toFixed(1)} / ${t.p99.toFixed(1)} ms`);
    console.log(
      `  baseline (fetch + parse the 10 pages, no tool): ${b.p50.toFixed(1)} ms p50; ratio ${(t.p50 / b.p50).toFixed(2)}x`,
    );
    console.log(
      `  peak RSS ${mb(peakRss)} (+${mb(peakRss - before.rss)} over the start), peak heap ${mb(peakHeap)} (+${mb(peakHeap - before.heapUsed)})`,
    );
  } finally {
    await bench.close();
  }
}

async function agentBench(urls: string[]): Promise<void> {
  const MAX_URLS = 5;
  const MAX_STEPS = 6;
  const bench: BenchServers = await startBenchServers(agentTool, { keys: 20, credits: ROUNDS * 20 + 200 });
  try {
    const url = `${bench.metered.url}/api/v1/tools/agent`;
    const body = JSON.stringify({
      prompt: 'bench research: how are these pages written?',
      maxSteps: MAX_STEPS,
      maxUrls: MAX_URLS,
    });
    let call = 0;
    const run = async () => {
      const key = bench.keys[call++ % bench.keys.length];
      const started = performance.now();
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
        body,
      });
      const answer = (await response.json()) as {
        data: { steps: { action: string }[]; urls_read: number; steps_used: number };
      };
      return { latencyMs: performance.now() - started, data: answer.data };
    };
    const site = process.env.FETCH_HOST_MAP?.split(':').at(-1);
    const read = urls.slice(0, MAX_URLS);
    const baseline = async () => {
      const started = performance.now();
      await Promise.all(
        read.map(async (pageUrl) => {
          const html = await (await fetch(pageUrl.replace(SITE_HOST, `127.0.0.1:${site}`))).text();
          PageDocument.parse(html, pageUrl).text({
            onlyMainContent: true,
            clean: true,
            preserve_formatting: true,
          });
        }),
      );
      return performance.now() - started;
    };
    for (let i = 0; i < 3; i += 1) {
      await run();
      await baseline();
    }
    const tool: number[] = [];
    const base: number[] = [];
    let last = await run();
    for (let round = 0; round < ROUNDS; round += 1) {
      last = await run();
      tool.push(last.latencyMs);
      base.push(await baseline());
    }
    const actions = last.data.steps.map((step) => step.action);
    const searches = actions.filter((action) => action === 'search').length;
    const [t, b] = [tool, base].map((samples) => summarize(samples));
    console.log(`
agent, maxSteps ${MAX_STEPS}, maxUrls ${MAX_URLS}, extractive, ${ROUNDS} rounds`);
    console.log(
      `  steps: ${actions.join(', ')} (${last.data.steps_used} of ${MAX_STEPS}); pages read ${last.data.urls_read} of maxUrls ${MAX_URLS}, ${searches} search${searches === 1 ? '' : 'es'}`,
    );
    console.log(`  agent wall time p50 / p99: ${t.p50.toFixed(1)} / ${t.p99.toFixed(1)} ms`);
    console.log(
      `  baseline (fetch + parse the ${MAX_URLS} pages, no tool): ${b.p50.toFixed(1)} ms p50; ratio ${(t.p50 / b.p50).toFixed(2)}x`,
    );
  } finally {
    await bench.close();
  }
}

function loadPages(count: number): string[] {
  const manifest = JSON.parse(readFileSync(join(CORPUS, 'manifest.json'), 'utf8')) as { file: string }[];
  return manifest.slice(0, count).map((entry) => readFileSync(join(CORPUS, entry.file), 'utf8'));
}

async function servePages(pages: string[]): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const match = /^\/page\/(\d+)$/.exec(req.url ?? '');
    if (req.url === '/robots.txt') return void res.writeHead(404).end();
    if (!match || !pages[Number(match[1])]) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pages[Number(match[1])]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
