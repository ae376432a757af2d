import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { extractTextTool } from '../../lib/tools/extract-text/index.js';
import { type CallSample, medianSplit, startBenchServers, timedCall } from './bench-server.js';
import { createBaseline } from './extraction.js';
import { summarize } from './stats.js';

const CORPUS = fileURLToPath(new URL('../../test/fixtures/corpus/', import.meta.url));
const HOST = 'large.bench.test';
const RUNS = Number(process.env.BENCH_LARGE_RUNS ?? 5);

/**
 * The corpus's 4 MB page (38 real article bodies) through the HTTP API by URL: `extract_text
 * {url, output_format: markdown}` fetching it from a loopback server, timed by `processing_time`
 * (fetch, decode, the bot-wall gate, parse, markdown, counts), against the Readability + turndown
 * baseline on the same page in-process, in the same run.
 */
export async function runLargePageBench(): Promise<void> {
  const manifest = JSON.parse(readFileSync(`${CORPUS}manifest.json`, 'utf8')) as { file: string }[];
  const entry = manifest.find((candidate) => candidate.file.startsWith('large/'));
  if (!entry) throw new Error('corpus manifest lists no large page');
  const page = readFileSync(`${CORPUS}${entry.file}`);
  const site = createServer((req, res) => {
    if (req.url === '/robots.txt') res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const pageUrl = `http://${HOST}:${(site.address() as AddressInfo).port}/anthology`;

  const bench = await startBenchServers(extractTextTool, {
    keys: 1,
    credits: 100,
    env: { FETCH_HOST_MAP: `${HOST}=127.0.0.1` },
  });
  const body = JSON.stringify({ url: pageUrl, output_format: 'markdown' });
  const call = () =>
    timedCall(`${bench.metered.url}/api/v1/tools/extract_text`, { method: 'POST', key: bench.keys[0], body });
  await call(); // warm-up
  const samples: CallSample[] = [];
  for (let run = 0; run < RUNS; run += 1) samples.push(await call());
  const api = samples.map((sample) => sample.processingMs);
  await bench.close();
  site.close();

  const baseline = await createBaseline();
  const html = page.toString('utf8');
  baseline(html, pageUrl); // warm-up
  const base: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    baseline(html, pageUrl);
    base.push(performance.now() - started);
  }
  const ours = summarize(api).p50;
  const theirs = summarize(base).p50;
  console.log(
    `\nLarge page: ${entry.file} (${(page.length / 1024 / 1024).toFixed(1)} MB), median of ${RUNS}`,
  );
  console.log(
    `  extract_text by URL through the API (processing_time)  ${ours.toFixed(0).padStart(6)} ms (target < 500 ms)`,
  );
  console.log(
    `  baseline Readability+turndown, in-process              ${theirs.toFixed(0).padStart(6)} ms (${(theirs / ours).toFixed(2)}x ours)`,
  );
  console.log(`  server split (p50 ms): ${medianSplit(samples)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runLargePageBench();
}
