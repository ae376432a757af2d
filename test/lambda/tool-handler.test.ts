import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIGatewayProxyResult, LambdaEvent } from 'hono/aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createApiKey } from '../../lib/auth/accounts.js';
import { openDatabase } from '../../lib/db/client.js';
import { httpApiEvent } from './api-gateway-event.js';

/**
 * The deployed entry point, called the way Lambda calls it. The handler opens its services from
 * process.env when its module loads, so the environment is set and the database prepared first:
 * the real PostgreSQL when TEST_DATABASE_URL is set, else a PGlite data directory on disk that
 * the handler opens after this file has migrated it and closed it.
 */
const path = '/api/v1/tools/analyze_content';
const text =
  'Our new release is faster and far more reliable. Customers say the setup is a pleasure. ' +
  'The old importer was slow and confusing, and we are glad to retire it.';

let dataDir: string | undefined;
let key: string;
let handler: (event: LambdaEvent) => Promise<APIGatewayProxyResult>;

beforeAll(async () => {
  const testUrl = process.env.TEST_DATABASE_URL;
  if (!testUrl) dataDir = mkdtempSync(join(tmpdir(), 'lambda-pglite-'));
  for (const name of [
    'DATABASE_URL',
    'DATABASE_DRIVER',
    'REDIS_URL',
    'UPSTASH_REDIS_REST_URL',
    'UPSTASH_REDIS_REST_TOKEN',
    'DEV_API_KEY',
  ]) {
    delete process.env[name];
  }
  Object.assign(process.env, { NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  if (testUrl) process.env.DATABASE_URL = testUrl;
  else process.env.DATA_DIR = dataDir;
  if (process.env.TEST_REDIS_URL) process.env.REDIS_URL = process.env.TEST_REDIS_URL;

  const database = await openDatabase({ DATABASE_URL: testUrl, DATA_DIR: dataDir ?? '.data' });
  try {
    if (!testUrl) await database.migrate();
    const account = await createAccount(database.db, {
      name: `lambda-${Date.now()}`,
      plan: 'business',
      credits: 100,
    });
    key = (await createApiKey(database.db, account.id)).key;
  } finally {
    await database.close();
  }
  ({ handler } = await import('../../functions/tools/analyze_content.js'));
});

afterAll(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function invoke(event: LambdaEvent) {
  const result = await handler(event);
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary response bodies
  const body: any = JSON.parse(result.body);
  return { ...result, body };
}

describe('the analyze_content Lambda behind an HTTP API (payload 2.0)', () => {
  it('answers 401 MISSING_API_KEY without a key', async () => {
    const res = await invoke(httpApiEvent({ method: 'POST', path, body: JSON.stringify({ content: text }) }));
    expect(res.statusCode, JSON.stringify(res.body)).toBe(401);
    expect(res.body).toMatchObject({ success: false, error: { code: 'MISSING_API_KEY' } });
  });

  it('answers 400 VALIDATION_ERROR with details on bad input, uncharged', async () => {
    const res = await invoke(
      httpApiEvent({
        method: 'POST',
        path,
        headers: { 'x-api-key': key },
        body: JSON.stringify({ content: text, analyze_sentiment: 'yes' }),
      }),
    );
    expect(res.statusCode, JSON.stringify(res.body)).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'analyze_sentiment' })]),
    );
  });

  it('runs the tool for a keyed POST and answers the success envelope, charging the list price', async () => {
    const res = await invoke(
      httpApiEvent({
        method: 'POST',
        path,
        headers: { 'x-api-key': key },
        body: JSON.stringify({ content: text, analyze_sentiment: true }),
      }),
    );
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.headers?.['content-type']).toMatch(/^application\/json/);
    expect(res.headers?.['x-request-id']).toMatch(/^req_/);
    // 100 credits, nothing taken by the 401 and the 400 before this call.
    expect(res.body).toMatchObject({ success: true, credits_used: 3, credits_remaining: 97 });
    expect(res.body.processing_time).toEqual(expect.any(Number));
    expect(res.body.data).toMatchObject({ language: 'en', sentence_count: 3 });
    expect(res.body.data.word_count).toBeGreaterThan(20);
    expect(res.body.data.sentiment).not.toBeNull();
  });

  it('decodes a base64-encoded body', async () => {
    const res = await invoke(
      httpApiEvent({
        method: 'POST',
        path,
        headers: { 'x-api-key': key },
        body: JSON.stringify({ content: text }),
        base64: true,
      }),
    );
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, credits_used: 3, credits_remaining: 94 });
  });

  it('describes the tool for free on GET, without a key', async () => {
    const res = await invoke(httpApiEvent({ method: 'GET', path }));
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { name: 'analyze_content', path, credits: 3 } });
  });
});
