import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tools } from '../../lib/tools/registry.js';
import { type Harness, startHarness } from '../support/harness.js';

/**
 * The security and error matrix, generated once for every tool in the registry: a tool added
 * to the registry is checked here without anyone writing a line.
 */
let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness.close());

/** The example body with every value swapped for one of another JSON type. */
function wronglyTyped(example: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(example).map(([key, value]) => [
      key,
      typeof value === 'string' ? 12345 : 'not-the-right-type',
    ]),
  );
}

describe.each(tools.map((tool) => [tool.name, tool] as const))('%s', (name, tool) => {
  it('describes itself on GET without a key, with its price, schema and example', async () => {
    const res = await harness.call('GET', `/api/v1/tools/${name}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name,
      credits: tool.basePrice,
      price: tool.basePrice,
      example: tool.example,
    });
    expect(res.body.data.request_schema.type).toBe('object');
  });

  it('validates its own example body', () => {
    expect(tool.schema.safeParse(tool.example).success).toBe(true);
  });

  it('answers 401 without a key and with a bad key', async () => {
    const missing = await harness.call('POST', `/api/v1/tools/${name}`, { body: tool.example });
    expect(missing.status).toBe(401);
    expect(missing.body.error.code).toBe('MISSING_API_KEY');
    const invalid = await harness.tool(name, tool.example, 'wxk_nope');
    expect(invalid.body.error.code).toBe('INVALID_API_KEY');
  });

  it('answers 400 with details on wrongly typed input, uncharged', async () => {
    const account = await harness.account({ credits: 100 });
    const example = tool.example as Record<string, unknown>;
    // A tool without parameters (list_local_models takes `{}`) has no field to mistype: its body is.
    const body = Object.keys(example).length > 0 ? wronglyTyped(example) : ['not', 'an', 'object'];
    const res = await harness.tool(name, body, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.length).toBeGreaterThan(0);
    expect(res.body.error.details[0]).toEqual({ field: expect.any(String), message: expect.any(String) });
    expect(await account.balance()).toBe(100);
  });

  it('answers 402 when the balance does not cover the price, then 429 over the rate, both uncharged', async () => {
    const account = await harness.account({ plan: 'free', credits: tool.basePrice - 1 });
    const short = await harness.tool(name, tool.example, account.key);
    expect(short.status, JSON.stringify(short.body)).toBe(402);
    expect(short.body.error.code).toBe('INSUFFICIENT_CREDITS');
    expect(short.headers.get('x-auto-recharge-triggered')).toBe('false');
    // A tool with its own rate on Free (extract_with_llm: 2/s) refuses the call after that many.
    const rate = tool.rateLimitPerSecond?.free ?? 1;
    for (let call = 1; call < rate; call += 1) {
      expect((await harness.tool(name, tool.example, account.key)).status).toBe(402);
    }
    const limited = await harness.tool(name, tool.example, account.key);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(await account.balance()).toBe(tool.basePrice - 1);
  });

  it('has a path in the OpenAPI document', async () => {
    const res = await harness.call('GET', '/openapi.json');
    expect(res.body.paths[`/api/v1/tools/${name}`]?.post?.operationId).toBe(name);
  });
});
