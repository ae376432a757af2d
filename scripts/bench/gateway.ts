import { pathToFileURL } from 'node:url';
import { createApp } from '../../lib/app/create-app.js';
import { startNodeServer } from '../../lib/app/node-server.js';
import { analyzeContentTool } from '../../lib/tools/analyze-content/index.js';
import { type CallSample, medianSplit, paced, startBenchServers, timedCall } from './bench-server.js';
import { fmt, summarize } from './stats.js';

const TOOL = analyzeContentTool;
const TIGHT_CALLS = Number(process.env.BENCH_CALLS ?? 2000);
const PACED_CALLS = Number(process.env.BENCH_PACED_CALLS ?? 300);
/** Paced rounds, each with its own free GET baseline; on a loaded machine the median of several says more than one. */
const PACED_ROUNDS = Number(process.env.BENCH_PACED_ROUNDS ?? 1);
const PACED_PER_SECOND = 9;
/** The Server-Timing entries that are one ledger statement each. */
const LEDGER_STATEMENTS = ['hold', 'settle', 'charge', 'withdraw'];
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
  // Every metered call, warm-up included, on both metered servers, with room to spare.
  const calls = 2 * (KEYS + TIGHT_CALLS + PACED_CALLS * PACED_ROUNDS);
  const bench = await startBenchServers(TOOL, { keys: KEYS, credits: calls * TOOL.basePrice * 2 });
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
  // CPU time of this process (server and client) per call: unlike latency, it barely moves when
  // other processes load the machine.
  const cpu = { post: 0, held: 0, bypass: 0, get: 0 };
  const burst = async (kind: keyof typeof tight, call: () => Promise<CallSample>) => {
    const started = process.cpuUsage();
    for (let i = 0; i < TIGHT_CALLS / 10; i += 1) tight[kind].push(await call());
    const used = process.cpuUsage(started);
    cpu[kind] += used.user + used.system;
  };
  for (let round = 0; round < 10; round += 1) {
    let i = 0;
    await burst('post', () => post(round * 1000 + i++));
    await new Promise((resolve) => setTimeout(resolve, 500));
    i = 0;
    await burst('held', () => held(round * 1000 + i++));
    await burst('bypass', bypass);
    await burst('get', get);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  // Each call waits its turn at the pace, the kinds in rotation, so that every kind comes after the
  // same idle gap. One key, as one client calling at its plan's pace would use it.
  const rounds: Record<keyof typeof tight, CallSample[]>[] = [];
  for (let round = 0; round < PACED_ROUNDS; round += 1) {
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
    rounds.push(slow);
  }

  console.log(`\nGateway (${TOOL.name}, PostgreSQL + Redis over TCP)`);
  const perCall = (total: number) => `${(total / TIGHT_CALLS / 1000).toFixed(2)} ms`;
  printSet(`tight loop, ${TIGHT_CALLS} calls each`, tight);
  console.log(
    `    CPU per call (this process, server and client): metered ${perCall(cpu.post)}, through a hold ` +
      `${perCall(cpu.held)}, free GET ${perCall(cpu.get)}, bypassed ${perCall(cpu.bypass)}`,
  );
  for (const [round, set] of rounds.entries()) {
    const which = PACED_ROUNDS > 1 ? `, round ${round + 1}` : '';
    printSet(`paced at ${PACED_PER_SECOND}/s, ${PACED_CALLS} calls each${which}`, set);
  }
  if (PACED_ROUNDS > 1) {
    const overheads = rounds.map((set) => p50(set.post) - p50(set.get));
    const ratios = rounds.map((set) => p50(set.post) / p50(set.get));
    console.log(
      `  paced, median of ${PACED_ROUNDS} rounds: metering overhead p50 +${fmt(median(overheads))} over the ` +
        `free GET, metered/free ${median(ratios).toFixed(2)}x (rounds: ${overheads.map((o) => o.toFixed(2)).join(', ')} ms)`,
    );
  }
  const all = [...rounds, tight];
  console.log(
    `  ledger statements per successful call (counted from Server-Timing): ` +
      `${statementsPerCall(all.flatMap((set) => set.post))} ` +
      `(through a hold: ${statementsPerCall(all.flatMap((set) => set.held))}), ` +
      'each writing its usage and request-log rows itself; plus one Redis script for the rate limit',
  );
  await heldServer.close();
  await bench.close();
}

function p50(samples: CallSample[]): number {
  return summarize(samples.map((s) => s.latencyMs)).p50;
}

function median(values: number[]): number {
  return summarize(values).p50;
}

function statementsPerCall(samples: CallSample[]): string {
  const counts = samples.map((s) => LEDGER_STATEMENTS.filter((name) => s.timing.has(name)).length);
  return (counts.reduce((a, b) => a + b, 0) / Math.max(1, counts.length)).toFixed(2);
}

function printSet(label: string, set: Record<'post' | 'held' | 'bypass' | 'get', CallSample[]>): void {
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
      `+${fmt(metered.p50 - free.p50)} over the free GET, metered/free ${(metered.p50 / free.p50).toFixed(2)}x ` +
      '(target <= 1.5 ms, goal <= 1 ms)',
  );
  console.log(`    server split (p50 ms): ${medianSplit(set.post)}`);
  console.log(`    through a hold, split (p50 ms): ${medianSplit(set.held)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runGatewayBench();
}
