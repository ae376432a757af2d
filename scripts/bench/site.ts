import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { extractText, getDocumentProxy } from 'unpdf';
import { createApp } from '../../lib/app/create-app.js';
import { createAccount, createApiKey } from '../../lib/auth/accounts.js';
import { parseConfig } from '../../lib/env.js';
import { openServices } from '../../lib/open-services.js';
import { batchScrapeTool } from '../../lib/tools/batch-scrape/index.js';
import type { AnyToolSchema, ToolDefinition } from '../../lib/tools/define.js';
import { processDocumentTool } from '../../lib/tools/process-document/index.js';

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/', import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BATCH_URLS = 50;
const CONCURRENCY = 10;
const HOST = 'bench.test';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Samples RSS every 10 ms while `work` runs: the peak a function would need. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ value: T; peak: number; before: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  try {
    const value = await work();
    return { value, peak: Math.max(peak, process.memoryUsage().rss), before };
  } finally {
    clearInterval(timer);
  }
}

/**
 * batch_scrape of 50 real pages (the extraction corpus, median ~100 KB) at concurrency 10, and
 * process_document of a 100-page PDF, both through the whole app over loopback, against real
 * PostgreSQL and Redis. Baselines from the same run: the same 50 pages fetched bare at concurrency
 * 10 (what the network part costs), and pdf.js's own text extraction of the same PDF (unpdf
 * `extractText`: what reading the PDF costs before lines, caps and tables).
 */
export async function runSiteBench(): Promise<void> {
  const pages = readdirSync(`${FIXTURES}corpus/pages`).filter((name) => name.endsWith('.html'));
  const pdf = readFileSync(`${FIXTURES}documents/hundred-pages.pdf`);
  const fixtures = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://bench').pathname;
    if (path === '/robots.txt') {
      res.writeHead(404).end();
    } else if (path === '/manual.pdf') {
      res.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf);
    } else {
      const n = Number(path.split('/').pop());
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(readFileSync(`${FIXTURES}corpus/pages/${pages[n % pages.length]}`));
    }
  });
  await new Promise<void>((resolve) => fixtures.listen(0, '127.0.0.1', resolve));
  const origin = `http://${HOST}:${(fixtures.address() as AddressInfo).port}`;

  const config = parseConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    FETCH_HOST_MAP: `${HOST}=127.0.0.1`,
    DATABASE_URL:
      process.env.BENCH_DATABASE_URL ??
      process.env.TEST_DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/test',
    REDIS_URL: process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  });
  const services = await openServices(config);
  await services.migrate();
  const tools = [batchScrapeTool, processDocumentTool] as unknown as ToolDefinition<AnyToolSchema>[];
  const app = createApp({ services, tools });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/tools`;
  const { id } = await createAccount(services.db, {
    name: 'bench-site',
    plan: 'business',
    credits: 1_000_000,
  });
  const { key } = await createApiKey(services.db, id);

  const call = async (tool: string, body: unknown) => {
    const response = await fetch(`${base}/${tool}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as { data: Record<string, unknown> };
    if (response.status !== 200)
      throw new Error(`${tool} answered ${response.status}: ${JSON.stringify(json)}`);
    return json.data;
  };
  const urls = Array.from({ length: BATCH_URLS }, (_, i) => `${origin}/page/${i}`);
  const bareFetch = async () => {
    const queue = [...urls];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let url = queue.shift(); url; url = queue.shift()) {
          await (await fetch(url.replace(HOST, '127.0.0.1'))).text();
        }
      }),
    );
  };

  // Warm-up: JIT, connections, robots cache.
  await call('batch_scrape', {
    urls: urls.slice(0, 10).map((url) => ({ url })),
    batch_config: { concurrency: 10 },
  });
  await bareFetch();

  const batchMs: number[] = [];
  const bareMs: number[] = [];
  const peaks: number[] = [];
  let rssBefore = 0;
  for (let round = 0; round < ROUNDS; round++) {
    let started = performance.now();
    const measured = await peakRss(() =>
      call('batch_scrape', {
        urls: urls.map((url) => ({ url })),
        batch_config: { concurrency: CONCURRENCY },
        extraction_template: { fields: [{ name: 'heading', selector: 'h1' }] },
        max_inline_chars: 10_000_000,
      }),
    );
    batchMs.push(performance.now() - started);
    if (measured.value.succeeded !== BATCH_URLS)
      throw new Error(`batch: ${measured.value.succeeded} succeeded`);
    peaks.push(measured.peak);
    rssBefore = measured.before;
    started = performance.now();
    await bareFetch();
    bareMs.push(performance.now() - started);
  }
  const batch = median(batchMs);
  const bare = median(bareMs);
  console.log(
    `\nbatch_scrape (${BATCH_URLS} corpus pages, concurrency ${CONCURRENCY}, ${ROUNDS} rounds, medians)`,
  );
  console.log(
    `  batch_scrape      ${(batch / 1000).toFixed(2)} s  ${((BATCH_URLS / batch) * 1000).toFixed(1)} pages/s  peak RSS ${mb(median(peaks))} (${mb(rssBefore)} before the call, app and fixture server in one process)`,
  );
  console.log(
    `  bare fetch        ${(bare / 1000).toFixed(2)} s  ${((BATCH_URLS / bare) * 1000).toFixed(1)} pages/s  (baseline: no guard, no parse)  ratio x${(batch / bare).toFixed(1)}`,
  );

  const toolMs: number[] = [];
  const tablesMs: number[] = [];
  const pdfjsMs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let started = performance.now();
    const data = await call('process_document', {
      url: `${origin}/manual.pdf`,
      max_inline_chars: 10_000_000,
    });
    toolMs.push(performance.now() - started);
    if ((data.pages_read as { count: number }).count !== 100)
      throw new Error('process_document read fewer pages');
    started = performance.now();
    await call('process_document', {
      url: `${origin}/manual.pdf`,
      extract_tables: true,
      max_inline_chars: 10_000_000,
    });
    tablesMs.push(performance.now() - started);
    started = performance.now();
    await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    pdfjsMs.push(performance.now() - started);
  }
  const pagesPerSecond = (ms: number) => ((100 / ms) * 1000).toFixed(0);
  console.log(
    `\nprocess_document (100-page PDF, ${(pdf.byteLength / 1024).toFixed(0)} KB, ${ROUNDS} rounds, medians)`,
  );
  console.log(
    `  text + metadata   ${median(toolMs).toFixed(0)} ms  ${pagesPerSecond(median(toolMs))} pages/s (whole call)`,
  );
  console.log(
    `  + tables          ${median(tablesMs).toFixed(0)} ms  ${pagesPerSecond(median(tablesMs))} pages/s`,
  );
  console.log(
    `  unpdf extractText ${median(pdfjsMs).toFixed(0)} ms  ${pagesPerSecond(median(pdfjsMs))} pages/s  (baseline: pdf.js alone, no fetch)  ratio x${(median(toolMs) / median(pdfjsMs)).toFixed(2)}`,
  );

  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => fixtures.close(resolve));
  await services.close();
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  runSiteBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
