import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountMonitorRoutes } from '../../lib/app/monitors/routes.js';
import { isIdOf } from '../../lib/id-format.js';
import { newId } from '../../lib/ids.js';
import { loadStoredResult, storeResult } from '../../lib/results/stored-results.js';
import { browserSessionTool } from '../../lib/tools/browser-session/index.js';
import { extractTextTool } from '../../lib/tools/extract-text/index.js';
import { getBatchResultsTool } from '../../lib/tools/get-batch-results/index.js';
import { readResultTool } from '../../lib/tools/read-result/index.js';
import { stealthModeTool } from '../../lib/tools/stealth-mode/index.js';
import { type Harness, startHarness } from '../support/harness.js';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({
    tools: [readResultTool, getBatchResultsTool, browserSessionTool, stealthModeTool, extractTextTool],
    mounts: [mountMonitorRoutes],
  });
});
afterAll(() => harness?.close());

/** What an attacker puts in an id: PostgreSQL refuses NUL in text, the rest is simply not an id. */
const GARBAGE = [
  'a\u0000b\u0000res_01J0ABCDEF',
  'res_01J0\u0000',
  'res_01J0ABCDEF\u0000',
  "res_' OR 1=1 --",
  'res_ÄÖÜ',
  '',
];

describe('ids and handles are checked against their alphabet at validation', () => {
  it('every id newId makes passes the check its field uses', () => {
    for (const prefix of ['res', 'batch', 'bs', 'ctx', 'mon', 'chk']) {
      expect(isIdOf(prefix, newId(prefix))).toBe(true);
      expect(isIdOf(prefix, newId('other'))).toBe(false);
    }
  });

  it.each([
    ['read_result', 'result_handle', (id: string) => ({ result_handle: id })],
    ['get_batch_results', 'batchId', (id: string) => ({ batchId: id.replace('res_', 'batch_') })],
    [
      'browser_session',
      'session_id',
      (id: string) => ({ operation: 'read', session_id: id.replace('res_', 'bs_') }),
    ],
    [
      'stealth_mode',
      'contextId',
      (id: string) => ({
        operation: 'create_page',
        contextId: id.replace('res_', 'ctx_'),
        urlToTest: 'https://example.com/',
      }),
    ],
  ])('%s refuses a garbage %s with 400 naming it, uncharged', async (tool, field, body) => {
    const account = await harness.account({ credits: 10 });
    for (const garbage of GARBAGE) {
      const res = await harness.tool(tool, body(garbage), account.key);
      expect(res.status, `${JSON.stringify(garbage)}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details.map((detail: { field: string }) => detail.field)).toContain(field);
    }
    expect(await account.balance()).toBe(10);
  });

  it('monitor and check ids in the path: a garbage one is unknown, 404', async () => {
    const account = await harness.account({ credits: 10 });
    const paths = [
      '/api/v1/monitors/mon_01J0%00ABC',
      '/api/v1/monitors/a%00b%00mon_01J0ABCDEF/checks',
      '/api/v1/monitors/mon_01J0ABCDEF/checks/chk_%00',
      "/api/v1/monitors/mon_'--",
    ];
    for (const path of paths) {
      const res = await harness.call('GET', path, { key: account.key });
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
    for (const method of ['PATCH', 'DELETE']) {
      const res = await harness.call(method, '/api/v1/monitors/mon_%00', { key: account.key, body: {} });
      expect(res.status, `${method}: ${JSON.stringify(res.body)}`).toBe(404);
    }
    const run = await harness.call('POST', '/api/v1/monitors/mon_%00/run', { key: account.key });
    expect(run.status, JSON.stringify(run.body)).toBe(404);
    expect(await account.balance()).toBe(10);
  });

  it('a cursor that decodes to garbage is a 400 on cursor', async () => {
    const account = await harness.account({ credits: 10 });
    const cursor = Buffer.from('mon_01J0\u0000').toString('base64url');
    const res = await harness.call('GET', `/api/v1/monitors?cursor=${cursor}`, { key: account.key });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.details[0].field).toBe('cursor');
  });
});

describe('NUL anywhere else never reaches storage', () => {
  it('a NUL in any body string is a 400 naming its field, uncharged', async () => {
    const account = await harness.account({ credits: 10 });
    const monitor = await harness.call('POST', '/api/v1/monitors', {
      key: account.key,
      body: { name: 'a\u0000b', targets: [{ url: 'https://example.com/' }] },
    });
    expect(monitor.status, JSON.stringify(monitor.body)).toBe(400);
    expect(monitor.body.error.details).toEqual([
      { field: 'name', message: 'must not contain the NUL character (U+0000)' },
    ]);
    const target = await harness.call('POST', '/api/v1/monitors', {
      key: account.key,
      body: { name: 'm', targets: [{ url: 'https://example.com/\u0000' }] },
    });
    expect(target.body.error.details[0].field).toBe('targets.0.url');
    const text = await harness.tool(
      'extract_text',
      { html: '<p>x\u0000y</p>', max_inline_chars: 1000 },
      account.key,
    );
    expect(text.status, JSON.stringify(text.body)).toBe(400);
    expect(text.body.error.details[0].field).toBe('html');
    expect(await account.balance()).toBe(10);
  });

  it('a stored result holding NUL (a fetched page can) is stored with U+FFFD in its place', async () => {
    const account = await harness.account({ credits: 10 });
    const db = harness.services.db;
    const { handle } = await storeResult(db, {
      accountId: account.accountId,
      tool: 'fetch_url',
      // A literal backslash before "u0000" is text, not the escape, and stays as it is.
      json: JSON.stringify({ content: 'a\u0000b', nested: ['\u0000'], literal: '\\u0000' }),
      totalChars: 30,
    });
    const row = await loadStoredResult(db, account.accountId, handle);
    expect(row?.result).toEqual({ content: 'a\uFFFDb', nested: ['\uFFFD'], literal: '\\u0000' });
  });
});
