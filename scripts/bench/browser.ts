import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { totalmem } from 'node:os';
import { pathToFileURL } from 'node:url';
import { createAccount, createApiKey } from '../../lib/auth/accounts.js';
import { DEBIAN_CHROMIUM, readBrowserSettings } from '../../lib/browser/config.js';
import { BrowserHost } from '../../lib/browser/host/browser-host.js';
import { systemClock } from '../../lib/browser/host/clock.js';
import type { HostOperation, HostRequest } from '../../lib/browser/host/protocol.js';
import { BrowserInstance } from '../../lib/browser/launch/browser-instance.js';
import { launchChromium } from '../../lib/browser/launch/chromium.js';
import { parseConfig } from '../../lib/env.js';
import { openServices } from '../../lib/open-services.js';
import { fmt, summarize } from './stats.js';

/**
 * The browser tier on this machine, against the local PostgreSQL and Redis:
 * 1. `open` + `read` + `close` of a session on a local page, through the host (guard, egress
 *    proxy, registry), beside the same three steps in bare Playwright (a fresh context, no guard,
 *    no registry) in the same run;
 * 2. live sessions held at once: read latency as sessions are added, until its p50 is twice that
 *    with one session, with the memory of the whole process tree (Node and Chromium, PSS).
 */

const ROUNDS = Number(process.env.BENCH_BROWSER_ROUNDS ?? 20);
const MAX_SESSIONS = Number(process.env.BENCH_BROWSER_MAX_SESSIONS ?? 128);
const READS_PER_LEVEL = 40;
const LEVELS = [1, 2, 4, 8, 16, 24, 32, 48, 64, 80, 96, 128, 160, 200, 256];

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Bench article</title></head><body>
<header><nav><a href="/">Home</a> <a href="/about">About</a></nav></header>
<main><h1>A page of ordinary size</h1><p id="clock"></p>
${Array.from({ length: 60 }, (_, i) => `<p>Paragraph ${i}: a sentence or two of body text, the kind a reader skims on the way to the next heading.</p>`).join('\n')}
</main>
<script>setInterval(() => { document.getElementById('clock').textContent = new Date().toISOString(); }, 1000);</script>
</body></html>`;

export async function runBrowserBench(): Promise<void> {
  const executablePath = readBrowserSettings().executablePath ?? DEBIAN_CHROMIUM;
  const site = createServer((req, res) => {
    res.writeHead(req.url === '/robots.txt' ? 404 : 200, { 'content-type': 'text/html' });
    res.end(req.url === '/robots.txt' ? '' : PAGE);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const pageUrl = `http://bench.test:${(site.address() as AddressInfo).port}/article`;

  const config = parseConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    FETCH_HOST_MAP: 'bench.test=127.0.0.1',
    DATABASE_URL:
      process.env.BENCH_DATABASE_URL ??
      process.env.TEST_DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/test',
    REDIS_URL: process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  });
  const services = await openServices(config);
  await services.migrate();
  const account = await createAccount(services.db, {
    name: `bench-browser-${Date.now()}`,
    plan: 'business',
    credits: 0,
  });
  const key = await createApiKey(services.db, account.id);
  const instance = new BrowserInstance({ executablePath, engineBExecutablePath: null }, config);
  const host = new BrowserHost({
    instance,
    guardEnv: { config, kv: services.kv },
    db: services.db,
    clock: systemClock,
    limits: { maxSessions: MAX_SESSIONS + 4, maxSessionsPerAccount: MAX_SESSIONS + 4 },
    sweepIntervalMs: 0,
  });
  const call = async <T>(operation: HostOperation): Promise<T> => {
    const request: HostRequest = {
      caller: {
        accountId: account.id,
        apiKeyId: key.id,
        requestId: 'req_bench',
        tool: 'browser_session',
        respectRobots: true,
      },
      operation,
    };
    const reply = await host.handle(request);
    if (!reply.ok) throw new Error(`${operation.op}: ${reply.error.code} ${reply.error.message}`);
    return reply.data as T;
  };
  const open = () =>
    call<{ sessionId: string }>({
      op: 'session.open',
      params: { url: pageUrl, stealth: false, ttl: 3600, activity_ttl: 3600, timeout: 30_000 },
    });
  const read = (sessionId: string) => call({ op: 'session.read', params: { sessionId } });
  const close = (sessionId: string) => call({ op: 'session.close', params: { sessionId } });

  try {
    // Warm-up: Chromium launched, robots.txt cached, JIT warm.
    for (let i = 0; i < 3; i += 1) await close((await open()).sessionId);

    const bare = await launchChromium(executablePath);
    const cycle: number[] = [];
    const baseline: number[] = [];
    const steps = { open: [] as number[], read: [] as number[], close: [] as number[] };
    for (let round = 0; round < ROUNDS; round += 1) {
      let started = performance.now();
      const { sessionId } = await open();
      const opened = performance.now();
      await read(sessionId);
      const readAt = performance.now();
      await close(sessionId);
      const done = performance.now();
      cycle.push(done - started);
      steps.open.push(opened - started);
      steps.read.push(readAt - opened);
      steps.close.push(done - readAt);

      started = performance.now();
      const context = await bare.newContext();
      const page = await context.newPage();
      await page.goto(pageUrl.replace('bench.test', '127.0.0.1'), { waitUntil: 'load' });
      await page.content();
      await context.close();
      baseline.push(performance.now() - started);
    }
    await bare.close();
    const guarded = summarize(cycle);
    const plain = summarize(baseline);
    console.log('\nBrowser sessions (Debian Chromium, in-process host, PostgreSQL + Redis over TCP)');
    console.log(`  open + read + close on a local page, ${ROUNDS} rounds`);
    console.log(`    through the host   p50 ${fmt(guarded.p50)}  p99 ${fmt(guarded.p99)}`);
    console.log(
      `      open p50 ${fmt(summarize(steps.open).p50)}, read p50 ${fmt(summarize(steps.read).p50)}, close p50 ${fmt(summarize(steps.close).p50)}`,
    );
    console.log(
      `    bare Playwright    p50 ${fmt(plain.p50)}  p99 ${fmt(plain.p99)}  (fresh context, goto, content, close)`,
    );
    console.log(`    ratio              ${(guarded.p50 / plain.p50).toFixed(2)}x`);

    await holdSessions(open, read, close);
  } finally {
    await host.stop();
    await instance.close();
    await services.close();
    site.close();
  }
}

async function holdSessions(
  open: () => Promise<{ sessionId: string }>,
  read: (id: string) => Promise<unknown>,
  close: (id: string) => Promise<unknown>,
): Promise<void> {
  console.log(
    `  live sessions held at once: read latency (${READS_PER_LEVEL} reads a level) and memory (PSS)`,
  );
  const live: string[] = [];
  let first: number | null = null;
  let peak = 0;
  let held = 0;
  let stoppedEarly = false;
  try {
    for (const level of LEVELS.filter((n) => n <= MAX_SESSIONS)) {
      while (live.length < level) live.push((await open()).sessionId);
      const samples: number[] = [];
      for (let i = 0; i < READS_PER_LEVEL; i += 1) {
        const started = performance.now();
        await read(live[(i * 7) % live.length]);
        samples.push(performance.now() - started);
      }
      const { p50, p99 } = summarize(samples);
      const memory = treePss();
      peak = Math.max(peak, memory);
      first ??= p50;
      console.log(
        `    ${String(level).padStart(4)} sessions  read p50 ${fmt(p50)}  p99 ${fmt(p99)}  memory ${(memory / 1024).toFixed(0)} MB`,
      );
      held = level;
      if (p50 >= 2 * first) {
        console.log(`    p50 read latency doubled at ${level} live sessions (from ${fmt(first)} with one)`);
        stoppedEarly = true;
        break;
      }
      if (memory > totalmem() * 0.4) {
        console.log(`    stopped at ${level}: the process tree uses 40% of this machine's memory`);
        stoppedEarly = true;
        break;
      }
    }
    if (first !== null && !stoppedEarly) {
      console.log(`    p50 never doubled up to ${held} sessions (BENCH_BROWSER_MAX_SESSIONS)`);
    }
    console.log(`    peak memory ${(peak / 1024).toFixed(0)} MB with ${held} live sessions`);
  } finally {
    for (const id of live) await close(id).catch(() => {});
  }
}

/** Proportional set size, in KB, of this process and every process under it (Chromium's). */
function treePss(): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // A process that ended while the table was read.
    }
  }
  let total = 0;
  const queue = [process.pid];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      total += Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // Gone, or not readable.
    }
    queue.push(...(children.get(pid) ?? []));
  }
  return total;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runBrowserBench();
}
