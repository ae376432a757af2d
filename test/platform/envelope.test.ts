import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../support/harness.js';
import { probeTool } from '../support/probe-tool.js';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({ tools: [probeTool] });
});
afterAll(() => harness.close());

describe('success envelope', () => {
  it('reports data, credits and processing time, and no warnings member when there are none', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await harness.tool('probe', { hold: 3 }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      data: { ok: true },
      credits_used: 3,
      credits_remaining: 97,
    });
    expect(typeof res.body.processing_time).toBe('number');
    expect(res.body).not.toHaveProperty('warnings');
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('puts warnings beside data when the call produced one', async () => {
    const account = await harness.account();
    const res = await harness.tool('probe', { warn: 'robots override' }, account.key);
    expect(res.body.warnings).toEqual(['robots override']);
  });

  it("keeps the envelope's field order and serialises data once, as JSON a strict parser reads", async () => {
    const account = await harness.account();
    const res = await harness.call('POST', '/api/v1/tools/probe', {
      key: account.key,
      body: { hold: 1, warn: 'w "quoted"' },
    });
    expect(Object.keys(res.body)).toEqual([
      'success',
      'data',
      'credits_used',
      'credits_remaining',
      'processing_time',
      'warnings',
    ]);
    expect(res.body.warnings).toEqual(['w "quoted"']);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('splits the time of a call in Server-Timing: auth, rate limit, body, hold, run, settle, serialise', async () => {
    const account = await harness.account();
    const res = await harness.tool('probe', { hold: 1, delay_ms: 30 }, account.key);
    const entries = new Map(
      (res.headers.get('server-timing') ?? '').split(',').map((entry) => {
        const [name, ...params] = entry.trim().split(';');
        const duration = params.find((param) => param.startsWith('dur='));
        return [name, Number(duration?.slice(4))] as const;
      }),
    );
    for (const name of [
      'body',
      'auth',
      'ratelimit',
      'validate',
      'hold',
      'run',
      'serialise',
      'settle',
      'total',
    ])
      expect(entries.get(name), name).toBeGreaterThanOrEqual(0);
    expect(entries.get('run')).toBeGreaterThanOrEqual(29);
    expect(entries.get('total')).toBeGreaterThanOrEqual(entries.get('run')!);
    expect(res.headers.get('timing-allow-origin')).toBe('*');
  });

  it('times what ran of a refused call too', async () => {
    const res = await harness.tool('probe', { hold: 1 }, 'wxk_not_a_key');
    expect(res.status).toBe(401);
    expect(res.headers.get('server-timing')).toMatch(/\bauth;dur=/);
  });

  it('strips unknown keys instead of refusing them', async () => {
    const account = await harness.account();
    const res = await harness.tool('probe', { hold: 1, surprise: true }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe('errors', () => {
  it('answers malformed JSON with 400 VALIDATION_ERROR and details, uncharged', async () => {
    const account = await harness.account({ credits: 10 });
    const res = await harness.call('POST', '/api/v1/tools/probe', {
      key: account.key,
      rawBody: '{"hold": 1,',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details[0].field).toBe('body');
    expect(await account.balance()).toBe(10);
  });

  it('answers wrong types and out-of-range values with field details', async () => {
    const account = await harness.account({ credits: 10 });
    const res = await harness.tool('probe', { hold: 'three', delay_ms: -5 }, account.key);
    expect(res.status).toBe(400);
    const fields = res.body.error.details.map((detail: { field: string }) => detail.field).sort();
    expect(fields).toEqual(['delay_ms', 'hold']);
    expect(await account.balance()).toBe(10);
  });

  it('refuses a body that is not an object, and one nested absurdly deep', async () => {
    const account = await harness.account({ credits: 10 });
    const array = await harness.call('POST', '/api/v1/tools/probe', { key: account.key, rawBody: '[1,2]' });
    expect(array.status).toBe(400);
    const deep = await harness.call('POST', '/api/v1/tools/probe', {
      key: account.key,
      rawBody: `{"hold":1,"x":${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
    });
    expect(deep.status).toBe(400);
    expect(deep.body.error.code).toBe('VALIDATION_ERROR');
    expect(await account.balance()).toBe(10);
  });

  it('answers 413 for a body over the limit, uncharged', async () => {
    const account = await harness.account({ credits: 10 });
    const res = await harness.call('POST', '/api/v1/tools/probe', {
      key: account.key,
      rawBody: JSON.stringify({ hold: 1, pad: 'x'.repeat(5 * 1024 * 1024) }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await account.balance()).toBe(10);
  });

  it('answers 404 for an unknown tool and 405 for a wrong method', async () => {
    const account = await harness.account();
    const unknown = await harness.tool('no_such_tool', {}, account.key);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');
    const wrong = await harness.call('PUT', '/api/v1/tools/probe', { key: account.key, body: {} });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, POST');
    expect(wrong.body.error.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('releases the whole hold when the tool fails, with either our error or a crash', async () => {
    const account = await harness.account({ credits: 20 });
    const failed = await harness.tool('probe', { hold: 5, fail_with: 'FETCH_FAILED' }, account.key);
    expect(failed.status).toBe(502);
    expect(failed.body.error.code).toBe('FETCH_FAILED');
    const crashed = await harness.tool('probe', { hold: 5, crash: true }, account.key);
    expect(crashed.status).toBe(500);
    expect(crashed.body.error.code).toBe('INTERNAL_ERROR');
    expect(crashed.body.error.message).not.toContain('probe crashed');
    expect(await account.balance()).toBe(20);
  });
});

describe('self-description and OpenAPI', () => {
  it('describes a tool on GET without a key', async () => {
    const res = await harness.call('GET', '/api/v1/tools/probe');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'probe', credits: 2, example: { hold: 2 } });
    expect(res.body.data.request_schema.properties.hold).toMatchObject({
      type: 'integer',
      default: 2,
      maximum: 100,
    });
  });

  it('serves an OpenAPI 3.1 document, version 1.0.0, with the tool path', async () => {
    const res = await harness.call('GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.info.version).toBe('1.0.0');
    expect(
      res.body.paths['/api/v1/tools/probe'].post.requestBody.content['application/json'].schema,
    ).toBeDefined();
    expect(res.body.paths['/api/v1/tools/probe'].get).toBeDefined();
  });

  it('serves the reference page', async () => {
    const res = await harness.call('GET', '/docs');
    expect(res.status).toBe(200);
    expect(String(res.body)).toContain('/openapi.json');
  });
});
