import { createServer, type Server, type Socket } from 'node:net';
import { handle } from 'hono/aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpLambdaApp } from '../../lib/mcp/lambda.js';
import { httpApiEvent } from '../lambda/api-gateway-event.js';
import { type ClientsHarness, startClientsHarness } from './support/clients-harness.js';

/**
 * The MCP Lambda's app called the way API Gateway calls it (payload 2.0), with the REST API it
 * dispatches to running on loopback: the origin PUBLIC_BASE_URL would name in production.
 */
let harness: ClientsHarness;
let invoke: ReturnType<typeof handle>;
beforeAll(async () => {
  harness = await startClientsHarness();
  invoke = handle(mcpLambdaApp({ services: harness.services, origin: `${harness.baseUrl}/` }));
});
afterAll(() => harness.close());

const mcpHeaders = (key: string) => ({
  'x-api-key': key,
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-06-18',
});

async function rpc(key: string, method: string, params: Record<string, unknown>, via = invoke) {
  const event = httpApiEvent({
    method: 'POST',
    path: '/mcp',
    headers: mcpHeaders(key),
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the Lambda proxy result
  const result: any = await via(event);
  return { status: result.statusCode as number, body: JSON.parse(result.body) };
}

describe('the MCP Lambda behind an HTTP API', () => {
  it('initializes statelessly: no session id, the server named and versioned', async () => {
    const account = await harness.account();
    const { status, body } = await rpc(account.key, 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'lambda-test', version: '1.0.0' },
    });
    expect(status).toBe(200);
    expect(body.result.serverInfo).toEqual({ name: 'web-extraction-service', version: '1.0.0' });
    expect(body.result.capabilities.tools).toBeDefined();
    expect(body.result.instructions).toContain('read_result');
  });

  it('sends a tool call to the REST route with the caller key, charged like REST', async () => {
    const account = await harness.account({ credits: 20 });
    const { status, body } = await rpc(account.key, 'tools/call', {
      name: 'analyze_content',
      arguments: {
        content: 'A calm and pleasant text about the weather. Nothing unusual happened today at all.',
      },
    });
    expect(status).toBe(200);
    expect(body.result.isError).toBeUndefined();
    const payload = JSON.parse(body.result.content[0].text);
    expect(payload).toMatchObject({ credits_used: 3, credits_remaining: 17 });
    expect(await account.balance()).toBe(17);
  });

  it('answers a request without a key with the REST 401 envelope', async () => {
    const event = httpApiEvent({
      method: 'POST',
      path: '/mcp',
      headers: { accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: the Lambda proxy result
    const result: any = await invoke(event);
    expect(result.statusCode).toBe(401);
    expect(JSON.parse(result.body).error.code).toBe('MISSING_API_KEY');
    expect(result.headers['x-request-id']).toMatch(/^req_/);
  });

  it('answers MCP_UPSTREAM_TIMEOUT when the REST call does not answer in time, and a 500 when it cannot connect', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const account = await harness.account({ credits: 5 });
    const call = { name: 'analyze_content', arguments: { content: 'Short.' } };
    try {
      const slow = handle(
        mcpLambdaApp({
          services: harness.services,
          origin: `http://127.0.0.1:${port}`,
          dispatchTimeoutMs: 200,
        }),
      );
      const timedOut = await rpc(account.key, 'tools/call', call, slow);
      expect(timedOut.body.result.isError).toBe(true);
      expect(JSON.parse(timedOut.body.result.content[0].text)).toMatchObject({
        status: 504,
        error: { code: 'MCP_UPSTREAM_TIMEOUT' },
      });
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
    const unreachable = handle(
      mcpLambdaApp({ services: harness.services, origin: `http://127.0.0.1:${port}` }),
    );
    const refused = await rpc(account.key, 'tools/call', call, unreachable);
    expect(JSON.parse(refused.body.result.content[0].text)).toMatchObject({
      status: 500,
      error: { code: 'INTERNAL_ERROR' },
    });
    expect(await account.balance()).toBe(5);
  });
});
