import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createApp } from '../../lib/app/create-app.js';
import { openServices } from '../../lib/app/open-services.js';
import { validateInput } from '../../lib/app/validate-input.js';
import { createAccount, createApiKey } from '../../lib/auth/accounts.js';
import { parseConfig } from '../../lib/env.js';
import { successBody } from '../../lib/errors/envelope.js';
import type { ToolContext } from '../../lib/tools/define.js';
import { tools } from '../../lib/tools/registry.js';
import { fmt, summarize } from './stats.js';

const CALLS = Number(process.env.BENCH_CALLS ?? 2000);
const KEYS = 200;
const TOOL = 'analyze_content';
const BODY = JSON.stringify({
  content: 'The quick brown fox jumps over the lazy dog. It was a good day for it.',
});

/**
 * The same tool twice in one run, against real PostgreSQL and Redis: once through the whole
 * metered chain (auth, rate limit, hold, commit, usage row), once with metering bypassed
 * (parse, validate, run, envelope). The difference is what metering costs a call.
 */
export async function runGatewayBench(): Promise<void> {
  const config = parseConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    DATABASE_URL:
      process.env.BENCH_DATABASE_URL ??
      process.env.TEST_DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/test',
    REDIS_URL: process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  });
  const services = await openServices(config);
  await services.migrate();
  const tool = tools.find((candidate) => candidate.name === TOOL);
  if (!tool) throw new Error(`${TOOL} is not in the registry`);

  const metered = createApp({ services, tools: [tool] });
  const bypass = new Hono().post(`/api/v1/tools/${TOOL}`, async (c) => {
    const started = performance.now();
    const input = validateInput(tool.schema, await c.req.json());
    const outcome = await tool.run({ warn: () => {} } as unknown as ToolContext, input);
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

  // Keys are spread so the per-key rate limit (10/s on business) never refuses a benchmark call.
  const { id } = await createAccount(services.db, { name: 'bench', plan: 'business', credits: CALLS * 10 });
  const keys = await Promise.all(
    Array.from({ length: KEYS }, () => createApiKey(services.db, id).then((k) => k.key)),
  );

  const servers = [metered, bypass].map((app) => serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }));
  await Promise.all(servers.map((server) => new Promise((resolve) => server.once('listening', resolve))));
  const [meteredUrl, bypassUrl] = servers.map(
    (server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/tools/${TOOL}`,
  );

  async function timeCalls(url: string, count: number): Promise<number[]> {
    const samples: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const started = performance.now();
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-Key': keys[i % KEYS] },
        body: BODY,
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`benchmark call answered ${response.status}`);
      samples.push(performance.now() - started);
    }
    return samples;
  }

  // Warm-up: every key's lookup cached, JIT warm, connections open.
  await timeCalls(meteredUrl, KEYS);
  await timeCalls(bypassUrl, KEYS);
  // Interleaved rounds so machine noise lands on both sides alike.
  const meteredSamples: number[] = [];
  const bypassSamples: number[] = [];
  for (let round = 0; round < 10; round += 1) {
    meteredSamples.push(...(await timeCalls(meteredUrl, CALLS / 10)));
    bypassSamples.push(...(await timeCalls(bypassUrl, CALLS / 10)));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const withMetering = summarize(meteredSamples);
  const without = summarize(bypassSamples);

  console.log(`\nGateway (${TOOL}, ${CALLS} calls each, PostgreSQL + Redis over TCP)`);
  console.log(`  full chain        p50 ${fmt(withMetering.p50)}  p99 ${fmt(withMetering.p99)}`);
  console.log(`  metering bypassed p50 ${fmt(without.p50)}  p99 ${fmt(without.p99)}`);
  console.log(
    `  metering overhead p50 +${fmt(withMetering.p50 - without.p50)} (x${(withMetering.p50 / without.p50).toFixed(2)})  p99 +${fmt(withMetering.p99 - without.p99)} (x${(withMetering.p99 / without.p99).toFixed(2)})  target: <= 2 ms at p50`,
  );

  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await services.close();
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  runGatewayBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
