import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';
import { PageDocument } from '../../lib/extract/index.js';
import { percentile } from './stats.js';

const CORPUS = fileURLToPath(new URL('../../test/fixtures/corpus/', import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LARGE_RUNS = Number(process.env.BENCH_LARGE_RUNS ?? 5);

/**
 * A full collection before each path, so its memory deltas start from the same floor; the flag can
 * be turned on at run time, and a fresh context then sees `gc`.
 */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

interface Page {
  file: string;
  url: string;
  html: string;
  bytes: number;
}

type Convert = (html: string, url: string) => string;

interface PathResult {
  name: string;
  pagesPerSecond: number;
  mbPerSecond: number;
  p50: number;
  p95: number;
  largeMs: number;
  rssDeltaMb: number;
  heapDeltaMb: number;
}

export interface ExtractionBenchResult {
  pages: number;
  corpusMb: number;
  largeMb: number;
  ours: PathResult;
  baseline: PathResult;
  /** ours MB/s over baseline MB/s, same run. */
  ratio: number;
}

function loadCorpus(): { pages: Page[]; large: Page } {
  const manifest = JSON.parse(readFileSync(join(CORPUS, 'manifest.json'), 'utf8')) as {
    file: string;
    url: string;
  }[];
  const read = (entry: { file: string; url: string }): Page => {
    const html = readFileSync(join(CORPUS, entry.file), 'utf8');
    return { file: entry.file, url: entry.url, html, bytes: Buffer.byteLength(html) };
  };
  const pages = manifest.filter((entry) => entry.file.startsWith('pages/')).map(read);
  const largeEntry = manifest.find((entry) => entry.file.startsWith('large/'));
  if (!largeEntry) throw new Error('corpus manifest lists no large page');
  return { pages, large: read(largeEntry) };
}

/** Our full scrape path: parse once, find the main content, convert it to markdown. */
const ours: Convert = (html, url) => PageDocument.parse(html, url).markdown({ onlyMainContent: true });

/** The baseline the notes measured: Readability on a linkedom document, then turndown with GFM, string in. */
export async function createBaseline(): Promise<Convert> {
  const { gfm } = await import('turndown-plugin-gfm');
  const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' });
  turndown.use(gfm);
  return (html) => {
    const { document } = parseHTML(html);
    const article = new Readability(document as unknown as Document).parse();
    return article?.content ? turndown.turndown(article.content) : '';
  };
}

const mb = (bytes: number) => bytes / 1024 / 1024;

/**
 * Runs `convert` over the corpus `ROUNDS` times and the large page `LARGE_RUNS` times. Memory is
 * sampled after every page (work is synchronous, so a timer would never fire mid-page); the deltas
 * are the peaks over the values after a full collection before the first page. RSS rarely shrinks
 * once grown, so the second path's RSS delta understates it; the heap delta is the fair comparison.
 */
function measure(name: string, convert: Convert, pages: Page[], large: Page): PathResult {
  collectGarbage();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  };
  const perPage: number[] = [];
  let totalMs = 0;
  let totalBytes = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const page of pages) {
      const start = performance.now();
      convert(page.html, page.url);
      const elapsed = performance.now() - start;
      perPage.push(elapsed);
      totalMs += elapsed;
      totalBytes += page.bytes;
      sample();
    }
  }
  const largeTimes: number[] = [];
  for (let run = 0; run < LARGE_RUNS; run++) {
    const start = performance.now();
    convert(large.html, large.url);
    largeTimes.push(performance.now() - start);
    sample();
  }
  perPage.sort((a, b) => a - b);
  largeTimes.sort((a, b) => a - b);
  return {
    name,
    pagesPerSecond: (perPage.length / totalMs) * 1000,
    mbPerSecond: mb(totalBytes) / (totalMs / 1000),
    p50: percentile(perPage, 50),
    p95: percentile(perPage, 95),
    largeMs: percentile(largeTimes, 50),
    rssDeltaMb: mb(peakRss - before.rss),
    heapDeltaMb: mb(peakHeap - before.heapUsed),
  };
}

function printRow(result: PathResult): void {
  console.log(
    [
      result.name.padEnd(34),
      result.pagesPerSecond.toFixed(1).padStart(8),
      result.mbPerSecond.toFixed(2).padStart(7),
      `${result.p50.toFixed(1)} / ${result.p95.toFixed(1)}`.padStart(15),
      result.largeMs.toFixed(0).padStart(8),
      result.rssDeltaMb.toFixed(0).padStart(8),
      result.heapDeltaMb.toFixed(0).padStart(8),
    ].join(' '),
  );
}

/**
 * Our scrape path against the baseline, on the same corpus in the same process. Each path is warmed
 * on the whole corpus first (JIT), and the two are measured back to back so machine noise (±40 % on
 * this kind of host) hits both alike; compare the ratio, not the absolute figures across runs.
 */
export async function runExtractionBench(): Promise<ExtractionBenchResult> {
  const { pages, large } = loadCorpus();
  const baseline = await createBaseline();
  for (const page of pages) {
    ours(page.html, page.url);
    baseline(page.html, page.url);
  }
  const oursResult = measure('ours (parse + main + markdown)', ours, pages, large);
  const baselineResult = measure('baseline (Readability+turndown)', baseline, pages, large);
  const corpusMb = mb(pages.reduce((sum, page) => sum + page.bytes, 0));
  const ratio = oursResult.mbPerSecond / baselineResult.mbPerSecond;

  console.log(
    `\nExtraction: ${pages.length} real pages (${corpusMb.toFixed(1)} MB) x ${ROUNDS} rounds, ` +
      `large page ${mb(large.bytes).toFixed(1)} MB x ${LARGE_RUNS}`,
  );
  console.log(
    `${'path'.padEnd(34)} ${'pages/s'.padStart(8)} ${'MB/s'.padStart(7)} ${'p50 / p95 ms'.padStart(15)} ` +
      `${'4MB ms'.padStart(8)} ${'RSS +MB'.padStart(8)} ${'heap +MB'.padStart(8)}`,
  );
  printRow(oursResult);
  printRow(baselineResult);
  console.log(
    `ratio ours/baseline MB/s: ${ratio.toFixed(2)}x (target >= 2x); ` +
      `large page: ${oursResult.largeMs.toFixed(0)} ms (target < 1000 ms)`,
  );
  return {
    pages: pages.length,
    corpusMb,
    largeMb: mb(large.bytes),
    ours: oursResult,
    baseline: baselineResult,
    ratio,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runExtractionBench();
}
