import { Hono } from 'hono';
import { createApp } from '../../lib/app/create-app.js';
import { type NodeServer, startNodeServer } from '../../lib/app/node-server.js';
import { validateInput } from '../../lib/app/validate-input.js';
import { createAccount, createApiKey } from '../../lib/auth/accounts.js';
import { parseConfig } from '../../lib/env.js';
import { successBody } from '../../lib/errors/envelope.js';
import { type OpenedServices, openServices } from '../../lib/open-services.js';
import type { AnyToolSchema, ToolContext, ToolDefinition } from '../../lib/tools/define.js';
import { summarize } from './stats.js';

/**
 * What the HTTP benchmarks share: the real app over the local PostgreSQL and Redis (TCP), a second
 * app that runs the same tool with metering bypassed, and a client that records each reply's
 * latency, `processing_time` and Server-Timing split.
 */

export interface BenchServers {
  services: OpenedServices;
  metered: NodeServer;
  bypass: NodeServer;
  keys: string[];
  close(): Promise<void>;
}

export async function startBenchServers(
  tool: ToolDefinition<AnyToolSchema>,
  options: { keys: number; credits: number; env?: Record<string, string> },
): Promise<BenchServers> {
  const config = parseConfig({
    ...process.env,
    ...options.env,
    LOG_LEVEL: 'silent',
    DATABASE_URL:
      process.env.BENCH_DATABASE_URL ??
      process.env.TEST_DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/test',
    REDIS_URL: process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  });
  const services = await openServices(config);
  await services.migrate();

  const bypassApp = new Hono().post(`/api/v1/tools/${tool.name}`, async (c) => {
    const started = performance.now();
    const input = validateInput(tool.schema, await c.req.json());
    const outcome = await tool.run(
      { warn: () => {}, services, signal: AbortSignal.timeout(28_000) } as unknown as ToolContext,
      input,
    );
    return c.json(
      successBody(
        {
          data: outcome.data,
          credits_used: 0,
          credits_remaining: 0,
          processing_time: performance.now() - started,
        },
        [],
      ),
    );
  });
  const [metered, bypass] = await Promise.all([
    startNodeServer(createApp({ services, tools: [tool] }), { port: 0, hostname: '127.0.0.1' }),
    startNodeServer(bypassApp, { port: 0, hostname: '127.0.0.1' }),
  ]);

  // Keys are spread so the per-key rate limit (10/s on business) never refuses a benchmark call.
  const { id } = await createAccount(services.db, {
    name: `bench-${Date.now()}`,
    plan: 'business',
    credits: options.credits,
  });
  const keys = await Promise.all(
    Array.from({ length: options.keys }, () => createApiKey(services.db, id).then((k) => k.key)),
  );
  return {
    services,
    metered,
    bypass,
    keys,
    close: async () => {
      await Promise.all([metered.close(), bypass.close()]);
      await services.close();
    },
  };
}

export interface CallSample {
  latencyMs: number;
  processingMs: number;
  timing: Map<string, number>;
}

export function parseServerTiming(header: string | null): Map<string, number> {
  const entries = new Map<string, number>();
  for (const entry of (header ?? '').split(',')) {
    const [name, ...params] = entry.trim().split(';');
    const duration = params.find((param) => param.startsWith('dur='));
    if (name && duration) entries.set(name, Number(duration.slice(4)));
  }
  return entries;
}

export async function timedCall(
  url: string,
  init: { method: 'GET' | 'POST'; key?: string; body?: string },
): Promise<CallSample> {
  // Node's fetch keeps a resource-timing entry per response and, once its buffer is full, fires an
  // event on every call: client work that lands inside every measured latency.
  performance.clearResourceTimings();
  const started = performance.now();
  const response = await fetch(url, {
    method: init.method,
    headers: {
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      ...(init.key ? { 'X-API-Key': init.key } : {}),
    },
    body: init.body,
  });
  const text = await response.text();
  const latencyMs = performance.now() - started;
  if (response.status !== 200)
    throw new Error(`benchmark call answered ${response.status}: ${text.slice(0, 200)}`);
  const processing = init.method === 'POST' ? (JSON.parse(text).processing_time as number) : 0;
  return {
    latencyMs,
    processingMs: processing,
    timing: parseServerTiming(response.headers.get('server-timing')),
  };
}

/** Calls at a steady pace, as real clients do: one call every `intervalMs`, each awaited. */
export async function paced<T>(
  count: number,
  intervalMs: number,
  call: (i: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  let next = performance.now();
  for (let i = 0; i < count; i += 1) {
    const wait = next - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    next += intervalMs;
    results.push(await call(i));
  }
  return results;
}

/** Median of each Server-Timing entry across samples, in the order the first sample lists them. */
export function medianSplit(samples: CallSample[]): string {
  const names = [...(samples[0]?.timing.keys() ?? [])];
  return names
    .map((name) => `${name} ${summarize(samples.map((s) => s.timing.get(name) ?? 0)).p50.toFixed(2)}`)
    .join(', ');
}
