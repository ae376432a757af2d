import { pathToFileURL } from 'node:url';
import { validateInput } from '../../lib/app/validate-input.js';
import { PageDocument } from '../../lib/extract/index.js';
import type { ToolContext } from '../../lib/tools/define.js';
import { extractTextTool } from '../../lib/tools/extract-text/index.js';
import { type CallSample, medianSplit, paced, startBenchServers, timedCall } from './bench-server.js';
import { createBaseline } from './extraction.js';
import { summarize } from './stats.js';
import { loadTrafilaturaCorpus } from './trafilatura-corpus.js';

const PACED_PER_SECOND = 8;
const KEYS = 50;
/**
 * A client calling 8 times a second uses a key or two, each seen again well within the key cache's
 * five seconds; fifty keys in turn at that pace would each come back after six seconds and measure an
 * authentication on every call instead. Two keys stay under the plan's rate (4/s each of 10/s).
 */
const PACED_KEYS = 2;

/**
 * A page through the HTTP API against the same page through the converter alone and through the
 * Readability + turndown baseline, all in this run: `extract_text {html, output_format: markdown}`
 * on the 200 real pages of the development corpus, paced at 8 calls/s (as clients call) and in a
 * tight loop, over the local PostgreSQL and Redis. Throughput is bytes of page per millisecond of
 * `processing_time`, so the API side counts what the service spends on a call.
 */
export async function runApiPathBench(): Promise<void> {
  const pages = loadTrafilaturaCorpus();
  const megabytes = pages.reduce((sum, page) => sum + Buffer.byteLength(page.html), 0) / 1024 / 1024;
  const baseline = await createBaseline();
  const converter = (html: string) => PageDocument.parse(html, '').markdown({ onlyMainContent: false });

  const inProcess = (convert: (html: string) => unknown) => {
    for (const page of pages) convert(page.html); // warm-up
    const times = pages.map((page) => {
      const started = performance.now();
      convert(page.html);
      return performance.now() - started;
    });
    return { totalMs: times.reduce((a, b) => a + b, 0), p50: summarize(times).p50 };
  };

  const bench = await startBenchServers(extractTextTool, { keys: KEYS, credits: pages.length * 10 });
  const url = `${bench.metered.url}/api/v1/tools/extract_text`;
  const bodies = pages.map((page) => JSON.stringify({ html: page.html, output_format: 'markdown' }));
  const call = (i: number, keys = KEYS) =>
    timedCall(url, { method: 'POST', key: bench.keys[i % keys], body: bodies[i] });

  for (let i = 0; i < pages.length; i += 1) await call(i); // warm-up: keys cached, JIT warm
  const tight: CallSample[] = [];
  for (let i = 0; i < pages.length; i += 1) tight.push(await call(i));
  const converterRun = inProcess(converter);
  const baselineRun = inProcess((html) => baseline(html, ''));
  const pacedRun = await paced(pages.length, 1000 / PACED_PER_SECOND, (i) => call(i, PACED_KEYS));
  await bench.close();
  const pacedInProcess = await pacedInProcessRuns(bodies, baseline);

  const mbps = (ms: number) => megabytes / (ms / 1000);
  const apiMbps = (samples: CallSample[]) => mbps(samples.reduce((sum, s) => sum + s.processingMs, 0));
  const converterMbps = mbps(converterRun.totalMs);
  const baselineMbps = mbps(baselineRun.totalMs);

  console.log(
    `\nAPI path: extract_text {html, markdown} on ${pages.length} real pages (${megabytes.toFixed(1)} MB), PostgreSQL + Redis over TCP`,
  );
  console.log(
    `  converter alone (in-process)        ${converterMbps.toFixed(1).padStart(6)} MB/s  p50 ${converterRun.p50.toFixed(1)} ms`,
  );
  console.log(
    `  baseline Readability+turndown       ${baselineMbps.toFixed(1).padStart(6)} MB/s  p50 ${baselineRun.p50.toFixed(1)} ms`,
  );
  for (const [label, samples] of [
    [`API paced ${PACED_PER_SECOND}/s (processing_time)`, pacedRun],
    ['API tight loop (processing_time)', tight],
  ] as const) {
    const rate = apiMbps(samples);
    const p50 = summarize(samples.map((s) => s.processingMs)).p50;
    console.log(
      `  ${label.padEnd(35)} ${rate.toFixed(1).padStart(6)} MB/s  p50 ${p50.toFixed(1)} ms  ` +
        `x${(converterMbps / rate).toFixed(2)} of the converter's time (target <= 1.3), ` +
        `${(rate / baselineMbps).toFixed(2)}x the baseline (target >= 2.5 paced, goal 3)`,
    );
  }
  console.log(`  paced server split (p50 ms): ${medianSplit(pacedRun)}`);
  const total = (times: number[]) => times.reduce((a, b) => a + b, 0);
  const pacedApiMs = pacedRun.reduce((sum, s) => sum + s.processingMs, 0);
  console.log(
    `  paced in-process, one page per ${1000 / PACED_PER_SECOND} ms (p50 ms): ` +
      `converter ${summarize(pacedInProcess.converter).p50.toFixed(2)}, ` +
      `extract_text's run ${summarize(pacedInProcess.tool).p50.toFixed(2)} (the split's run compares with this), ` +
      `baseline ${summarize(pacedInProcess.baseline).p50.toFixed(2)}; ` +
      `API paced ${(total(pacedInProcess.baseline) / pacedApiMs).toFixed(2)}x the baseline paced`,
  );
}

/**
 * The converter, extract_text's own run and the baseline, each called at the API's pace (one page
 * per 125 ms slot, a third of the slot apart) on the html the server parses out of the request body.
 * A page handled every 125 ms finds the caches cold and the code less warm than in a tight loop, so
 * the split's `run` is compared with these rather than with the tight-loop converter; the tool's
 * run adds the title, the description and the word counts it returns.
 */
async function pacedInProcessRuns(
  bodies: string[],
  baseline: (html: string, url: string) => unknown,
): Promise<{ converter: number[]; tool: number[]; baseline: number[] }> {
  const times = { converter: [] as number[], tool: [] as number[], baseline: [] as number[] };
  const context = { warn: () => {} } as unknown as ToolContext;
  const third = 1000 / PACED_PER_SECOND / 3;
  const timeOf = async (work: () => unknown) => {
    const started = performance.now();
    await work();
    return performance.now() - started;
  };
  await paced(bodies.length, 1000 / PACED_PER_SECOND, async (i) => {
    const input = validateInput(extractTextTool.schema, JSON.parse(bodies[i]!));
    const html = input.html!;
    times.converter.push(
      await timeOf(() => PageDocument.parse(html, '').markdown({ onlyMainContent: false })),
    );
    await new Promise((resolve) => setTimeout(resolve, third));
    times.tool.push(await timeOf(() => extractTextTool.run(context, input)));
    await new Promise((resolve) => setTimeout(resolve, third));
    times.baseline.push(await timeOf(() => baseline(html, '')));
  });
  return times;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runApiPathBench();
}
