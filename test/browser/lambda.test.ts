import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIGatewayProxyResult, LambdaEvent } from 'hono/aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createApiKey } from '../../lib/auth/accounts.js';
import { openDatabase } from '../../lib/db/client.js';
import { httpApiEvent } from '../lambda/api-gateway-event.js';

/**
 * The browser tools' Lambda entry points as Lambda runs them: the tool opens the browser tier beside
 * its services from the environment. In a Lambda without BROWSER_HOST_URL sessions are not offered
 * (a frozen instance cannot keep one): browser_session answers 503, uncharged; stealth_mode's
 * configure needs no browser at all.
 */

type Handler = (event: LambdaEvent) => Promise<APIGatewayProxyResult>;
let dataDir: string | undefined;
let key: string;
let sessionHandler: Handler;
let stealthHandler: Handler;
const saved = { ...process.env };

beforeAll(async () => {
  const testUrl = process.env.TEST_DATABASE_URL;
  if (!testUrl) dataDir = mkdtempSync(join(tmpdir(), 'lambda-browser-'));
  for (const name of [
    'DATABASE_URL',
    'DATABASE_DRIVER',
    'REDIS_URL',
    'BROWSER_HOST_URL',
    'BROWSER_HOST_TOKEN',
  ]) {
    delete process.env[name];
  }
  Object.assign(process.env, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AWS_LAMBDA_FUNCTION_NAME: 'browser-tools-test',
    BROWSER_EXECUTABLE_PATH: '/usr/bin/chromium',
  });
  if (testUrl) process.env.DATABASE_URL = testUrl;
  else process.env.DATA_DIR = dataDir;
  if (process.env.TEST_REDIS_URL) process.env.REDIS_URL = process.env.TEST_REDIS_URL;
  const database = await openDatabase({ DATABASE_URL: testUrl, DATA_DIR: dataDir ?? '.data' });
  try {
    if (!testUrl) await database.migrate();
    const account = await createAccount(database.db, {
      name: `lambda-browser-${Date.now()}`,
      plan: 'business',
      credits: 50,
    });
    key = (await createApiKey(database.db, account.id)).key;
  } finally {
    await database.close();
  }
  ({ handler: sessionHandler } = await import('../../functions/tools/browser_session.js'));
  ({ handler: stealthHandler } = await import('../../functions/tools/stealth_mode.js'));
});

afterAll(() => {
  process.env = saved;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function invoke(handler: Handler, tool: string, body: unknown) {
  const result = await handler(
    httpApiEvent({
      method: 'POST',
      path: `/api/v1/tools/${tool}`,
      headers: { 'x-api-key': key },
      body: JSON.stringify(body),
    }),
  );
  return { status: result.statusCode, body: JSON.parse(result.body) };
}

describe('browser tools in Lambda', () => {
  it('browser_session answers 503 TOOL_NOT_AVAILABLE without a browser host, uncharged', async () => {
    const res = await invoke(sessionHandler, 'browser_session', { operation: 'list' });
    expect(res.status, JSON.stringify(res.body)).toBe(503);
    expect(res.body.error).toMatchObject({
      code: 'TOOL_NOT_AVAILABLE',
      message: expect.stringContaining('browser host'),
    });
    const again = await invoke(stealthHandler, 'stealth_mode', { operation: 'configure' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ credits_used: 5, credits_remaining: 45 });
  });
});
