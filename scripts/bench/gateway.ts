import { pathToFileURL } from 'node:url';
import { createApp } from '../../lib/app/create-app.js';
import { startNodeServer } from '../../lib/app/node-server.js';
import { analyzeContentTool } from '../../lib/tools/analyze-content/index.js';
import { type CallSample, medianSplit, paced, startBenchServers, timedCall } from './bench-server.js';
import { fmt, summarize } from './stats.js';

const TOOL = analyzeContentTool;
const TIGHT_CALLS = Number(process.env.BENCH_CALLS ?? 2000);
const PACED_CALLS = Number(process.env.BENCH_PACED_CALLS ?? 300);
const PACED_PER_SECOND = 9;
const KEYS = 200;
const BODY = JSON.stringify({
  content:
    'The quick brown fox jumps over the lazy dog. It was a good day for it. The dog did not mind at all, ' +
    'and the fox went home pleased with the afternoon it had spent in the sun by the river bank.',
});

/** The same tool metered the way it was before it could run first: hold, run, settle. */
const HELD_TOOL = { ...TOOL, chargesAfterRun: undefined };

/**
 * What metering costs a call, two ways, against real PostgreSQL and Redis. In a tight loop (each
 * call as soon as the last returns) and paced at 9 calls/s as real clients call: a paced call finds
 * connections and caches idle, which a tight loop never shows. Each is compared in the same run with
 * the free GET of the same path (no key, no ledger), with the tool run with metering bypassed, and
 * with the same tool metered through a hold (hold → run → settle: the path it took before it could
 * run first and pay in one statement).
 */
export async function runGatewayBench(): Promise<void> {
  const bench = await startBenchServers(TOOL, { keys: KEYS, credits: (TIGHT_CALLS + PACED_CALLS) * 10 });
  const path = `/api/v1/tools/${TOOL.name}`;
  const post = (i: number) =>
    timedCall(`${bench.metered.url}${path}`, { method: 'POST', key: bench.keys[i % KEYS], body: BODY });
  const bypass = () => timedCall(`${bench.bypass.url}${path}`, { method: 'POST', body: BODY });
  const get = () => timedCall(`${bench.metered.url}${path}`, { method: 'GET' });
  const heldServer = await startNodeServer(createApp({ services: bench.services, tools: [HELD_TOOL] }), {
    port: 0,
    hostname: '127.0.0.1',
  });
  const held = (i: number) =>
    timedCall(`${heldServer.url}${path}`, { method: 'POST', key: bench.keys[i % KEYS], body: BODY });

  // Warm-up: every key's lookup cached, JIT warm, connections open.
  for (let i = 0; i < KEYS; i += 1) await Promise.all([post(i), held(i)]);
  for (let i = 0; i < 100; i += 1) await Promise.all([bypass(), get()]);

  // Interleaved rounds so machine noise lands on every side alike.
  const tight = {
    post: [] as CallSample[],
    held: [] as CallSample[],
    bypass: [] as CallSample[],
    get: [] as CallSample[],
  };
  for (let round = 0; round < 10; round += 1) {
    for (let i = 0; i < TIGHT_CALLS / 10; i += 1) tight.post.push(await post(round * 1000 + i));
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (let i = 0; i < TIGHT_CALLS / 10; i += 1) tight.held.push(await held(round * 1000 + i));
    for (let i = 0; i < TIGHT_CALLS / 10; i += 1) tight.bypass.push(await bypass());
    for (let i = 0; i < TIGHT_CALLS / 10; i += 1) tight.get.push(await get());
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  // Each call waits its turn at the pace, the three kinds in rotation, so that every kind comes
  // after the same idle gap. One key, as one client calling at its plan's pace would use it.
  const slow = {
    post: [] as CallSample[],
    held: [] as CallSample[],
    bypass: [] as CallSample[],
    get: [] as CallSample[],
  };
  await paced(PACED_CALLS * 4, 1000 / PACED_PER_SECOND, async (i) => {
    if (i % 4 === 0) slow.post.push(await post(0));
    else if (i % 4 === 1) slow.get.push(await get());
    else if (i % 4 === 2) slow.bypass.push(await bypass());
    else slow.held.push(await held(0));
  });

  console.log(`\nGateway (${TOOL.name}, PostgreSQL + Redis over TCP)`);
  for (const [label, set] of [
    [`tight loop, ${TIGHT_CALLS} calls each`, tight],
    [`paced at ${PACED_PER_SECOND}/s, ${PACED_CALLS} calls each`, slow],
  ] as const) {
    const metered = summarize(set.post.map((s) => s.latencyMs));
    const free = summarize(set.get.map((s) => s.latencyMs));
    const bare = summarize(set.bypass.map((s) => s.latencyMs));
    const throughHold = summarize(set.held.map((s) => s.latencyMs));
    console.log(`  ${label}`);
    console.log(`    metered POST       p50 ${fmt(metered.p50)}  p99 ${fmt(metered.p99)}`);
    console.log(
      `    through a hold     p50 ${fmt(throughHold.p50)}  p99 ${fmt(throughHold.p99)}  ` +
        `(hold → run → settle; +${fmt(throughHold.p50 - free.p50)} over the free GET)`,
    );
    console.log(`    free GET           p50 ${fmt(free.p50)}  p99 ${fmt(free.p99)}`);
    console.log(`    metering bypassed  p50 ${fmt(bare.p50)}  p99 ${fmt(bare.p99)}`);
    console.log(
      `    metering overhead  p50 +${fmt(metered.p50 - bare.p50)} over the bypassed run, ` +
        `+${fmt(metered.p50 - free.p50)} over the free GET (target <= 1.5 ms, goal <= 1 ms)`,
    );
    console.log(`    server split (p50 ms): ${medianSplit(set.post)}`);
    console.log(`    through a hold, split (p50 ms): ${medianSplit(set.held)}`);
  }
  console.log(
    '  ledger per successful call: 1 statement, 3 row writes (through a hold: 2 statements, 6 row writes; the request log is one of them)',
  );
  await heldServer.close();
  await bench.close();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runGatewayBench();
}
