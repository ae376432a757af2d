import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MCP_BATCH } from '../../lib/mcp/request-limits.js';
import { type ClientsHarness, startClientsHarness } from './support/clients-harness.js';

let harness: ClientsHarness;
beforeAll(async () => {
  harness = await startClientsHarness();
});
afterAll(() => harness?.close());

function listRequests(count: number) {
  return Array.from({ length: count }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'tools/list' }));
}

async function post(key: string, body: unknown) {
  const response = await fetch(`${harness.baseUrl}/mcp`, {
    method: 'POST',
    headers: {
      'X-API-Key': key,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) };
}

describe('MCP requests are bounded and rate limited', () => {
  it(`refuses a batch of more than ${MAX_MCP_BATCH} messages with a JSON-RPC Invalid Request`, async () => {
    const { key } = await harness.account();
    const res = await post(key, listRequests(MAX_MCP_BATCH + 1));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    expect(res.body.error.message).toContain(`at most ${MAX_MCP_BATCH} messages`);
    // Nothing was answered: no tool list went out.
    expect(res.text.length).toBeLessThan(500);
  });

  it('answers a body that is not JSON with a JSON-RPC Parse error', async () => {
    const { key } = await harness.account();
    const res = await post(key, '{"jsonrpc": "2.0", "method": ');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
  });

  it('counts every message of a batch against the key: 5 tools/list on a 1/s plan is a 429', async () => {
    const { key } = await harness.account({ plan: 'free' });
    const res = await post(key, listRequests(5));
    expect(res.status, res.text.slice(0, 300)).toBe(429);
    expect(res.body.error.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(res.headers.get('ratelimit-limit')).toBe('1');
  });

  it('counts a single tools/list: a second one within the second is a 429 on a 1/s plan', async () => {
    const { key } = await harness.account({ plan: 'free' });
    const first = await post(key, listRequests(1)[0]);
    expect(first.status, first.text.slice(0, 300)).toBe(200);
    expect(first.body.result.tools.length).toBeGreaterThan(0);
    const second = await post(key, listRequests(1)[0]);
    expect(second.status).toBe(429);
  });

  it('lets a lone initialize and notification through, but counts them inside a batch', async () => {
    const { key } = await harness.account({ plan: 'free' });
    const initialize = {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    };
    expect((await post(key, initialize)).status).toBe(200);
    const notified = await fetch(`${harness.baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        'X-API-Key': key,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });
    expect(notified.status).toBe(202);
    expect((await post(key, listRequests(1)[0])).status).toBe(200);

    const other = await harness.account({ plan: 'free' });
    const batch = await post(other.key, [
      initialize,
      { jsonrpc: '2.0', method: 'notifications/initialized' },
    ]);
    expect(batch.status).toBe(429);
  });

  it('answers a batch within the rate, one result per message', async () => {
    const { key } = await harness.account({ plan: 'business' });
    const res = await post(key, listRequests(4));
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.body.map((message: { id: number }) => message.id)).toEqual([1, 2, 3, 4]);
  });
});
