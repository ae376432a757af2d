import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeTool } from '../../lib/app/self-description.js';
import { usageLog } from '../../lib/db/schema/index.js';
import { MCP_RESULT_CAP_CHARS } from '../../lib/mcp/call-tool.js';
import { tools } from '../../lib/tools/registry.js';
import { type ClientsHarness, startClientsHarness } from './support/clients-harness.js';
import { expectedMcpToolNames } from './support/mcp-tool-names.js';

let harness: ClientsHarness;
const open: Client[] = [];
beforeAll(async () => {
  harness = await startClientsHarness();
});
afterAll(async () => {
  await Promise.all(open.map((client) => client.close()));
  await harness.close();
});

const text =
  'The council approved the new budget on Monday. Spending on parks rises by ten percent next year. ' +
  'A vote on the transport plan was postponed until spring. Residents can comment online until March.';

/** The official MCP client over Streamable HTTP, authenticated the way an agent host would be. */
async function connect(headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'clients-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${harness.baseUrl}/mcp`), { requestInit: { headers } }),
  );
  open.push(client);
  return client;
}

// biome-ignore lint/suspicious/noExplicitAny: tool payloads are tool-specific JSON
function payloadOf(result: unknown): any {
  const content = (result as CallToolResult).content;
  expect(content[0]?.type).toBe('text');
  return JSON.parse((content[0] as { text: string }).text);
}

describe('tools/list', () => {
  it('lists every registry tool under its own name, with its description and input schema', async () => {
    const client = await connect({ 'X-API-Key': (await harness.account()).key });
    const listed = (await client.listTools()).tools;
    expect(listed.map((tool) => tool.name)).toEqual(expectedMcpToolNames);
    for (const tool of tools) {
      const entry = listed.find((candidate) => candidate.name === tool.name)!;
      const schema = describeTool(tool).request_schema as { properties: object; required?: string[] };
      expect(entry.description).toContain(tool.description);
      expect(entry.description).toContain(`Credits: ${tool.basePrice}`);
      expect(entry.title).toBe(tool.summary);
      expect(entry.inputSchema.type).toBe('object');
      expect(Object.keys(entry.inputSchema.properties ?? {})).toEqual(Object.keys(schema.properties));
      expect(entry.inputSchema.required ?? []).toEqual(schema.required ?? []);
      expect(JSON.stringify(entry.inputSchema)).not.toContain('"$ref"');
    }
  });

  it('accepts Authorization: Bearer as well as X-API-Key', async () => {
    const client = await connect({ Authorization: `Bearer ${(await harness.account()).key}` });
    expect((await client.listTools()).tools.length).toBe(expectedMcpToolNames.length);
  });

  it('refuses a missing or invalid key with the REST 401 before any MCP message is handled', async () => {
    await expect(connect({})).rejects.toMatchObject({
      code: 401,
      message: expect.stringContaining('MISSING_API_KEY'),
    });
    await expect(connect({ 'X-API-Key': 'wxk_not-a-key' })).rejects.toMatchObject({
      code: 401,
      message: expect.stringContaining('INVALID_API_KEY'),
    });
    const response = await fetch(`${harness.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('MISSING_API_KEY');
  });

  it('answers GET and DELETE with 405: the endpoint is stateless and keeps no stream or session', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${harness.baseUrl}/mcp`, {
        method,
        headers: { Accept: 'text/event-stream' },
      });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
  });
});

describe('tools/call', () => {
  it('charges two calls exactly as REST does: same credits, same balance, one usage row each', async () => {
    const viaMcp = await harness.account({ credits: 100 });
    const viaRest = await harness.account({ credits: 100 });
    const client = await connect({ 'X-API-Key': viaMcp.key });
    const calls = [
      { name: 'summarize_content', arguments: { content: text, max_sentences: 2 } },
      { name: 'extract_metadata', arguments: { url: harness.pageUrl('/metadata') } },
    ];
    for (const call of calls) {
      const result = await client.callTool(call);
      expect(result.isError, JSON.stringify(result)).toBeFalsy();
      const payload = payloadOf(result);
      const rest = await harness.rest(call.name, call.arguments, viaRest.key);
      expect(rest.status).toBe(200);
      expect(payload.credits_used).toBe(rest.body.credits_used);
      expect(payload.credits_remaining).toBe(rest.body.credits_remaining);
      expect(payload.data).toEqual(rest.body.data);
      expect(payload).not.toHaveProperty('success');
      // The official client has already checked structuredContent against the listed outputSchema.
      expect(result.structuredContent).toEqual(payload);
      expect((result._meta as { request_id: string }).request_id).toMatch(/^req_/);
    }
    expect(await viaMcp.balance()).toBe(100 - 4 - 1);
    expect(await viaMcp.balance()).toBe(await viaRest.balance());
    const rows = await harness.services.db
      .select()
      .from(usageLog)
      .where(eq(usageLog.accountId, viaMcp.accountId));
    expect(rows.map((row) => [row.tool, row.credits, row.outcome]).sort()).toEqual([
      ['extract_metadata', 1, 'success'],
      ['summarize_content', 4, 'success'],
    ]);
  });

  it('maps a validation error to a tool error with the REST code, details and status, uncharged', async () => {
    const account = await harness.account({ credits: 10 });
    const client = await connect({ 'X-API-Key': account.key });
    const result = await client.callTool({
      name: 'summarize_content',
      arguments: { content: text, max_sentences: 99 },
    });
    expect(result.isError).toBe(true);
    expect(result).not.toHaveProperty('structuredContent');
    const payload = payloadOf(result);
    expect(payload).toMatchObject({ status: 400, error: { code: 'VALIDATION_ERROR' } });
    expect(payload.error.details).toEqual([{ field: 'max_sentences', message: expect.any(String) }]);
    expect(payload.request_id).toMatch(/^req_/);
    expect(await account.balance()).toBe(10);
  });

  it('maps 402 INSUFFICIENT_CREDITS and 429 RATE_LIMIT_EXCEEDED (with Retry-After) to tool errors', async () => {
    const broke = await harness.account({ credits: 0 });
    const poor = await connect({ 'X-API-Key': broke.key });
    const refused = payloadOf(await poor.callTool({ name: 'analyze_content', arguments: { content: text } }));
    expect(refused).toMatchObject({ status: 402, error: { code: 'INSUFFICIENT_CREDITS' } });

    const free = await harness.account({ plan: 'free', credits: 50 });
    const client = await connect({ 'X-API-Key': free.key });
    const call = () => client.callTool({ name: 'summarize_content', arguments: { content: text } });
    const results = [await call(), await call()];
    expect(results[0].isError, JSON.stringify(results[0])).toBeFalsy();
    expect(results[1].isError).toBe(true);
    expect(payloadOf(results[1])).toMatchObject({
      status: 429,
      retry_after: 60,
      error: { code: 'RATE_LIMIT_EXCEEDED' },
    });
    expect(await free.balance()).toBe(50 - 4);
  });

  it('caps an oversized result: the stored handle and a preview, readable with read_result', async () => {
    const account = await harness.account({ credits: 20 });
    const client = await connect({ 'X-API-Key': account.key });
    const fetched = await client.callTool({ name: 'fetch_url', arguments: { url: harness.pageUrl('/big') } });
    const payload = payloadOf(fetched);
    expect(((fetched as CallToolResult).content[0] as { text: string }).text.length).toBeLessThan(
      MCP_RESULT_CAP_CHARS,
    );
    expect(payload.data).toMatchObject({ truncated: true, result_handle: expect.stringMatching(/^res_/) });
    expect(payload.data.preview.length).toBeGreaterThan(0);
    expect(payload.data.total_chars).toBeGreaterThan(MCP_RESULT_CAP_CHARS);

    const read = await client.callTool({
      name: 'read_result',
      arguments: { result_handle: payload.data.result_handle, json_path: 'content', max_chars: 10_000_000 },
    });
    const page = payloadOf(read);
    expect(page.data.returned_chars).toBe(MCP_RESULT_CAP_CHARS);
    expect(page.data.content).toContain('Paragraph 0:');
    expect(page.warnings).toEqual([
      `max_chars lowered from 10000000 to the MCP cap of ${MCP_RESULT_CAP_CHARS}.`,
    ]);
    expect(await account.balance()).toBe(20 - 1 - 1);
  });

  it('answers an unknown tool with a protocol error, not a call', async () => {
    const client = await connect({ 'X-API-Key': (await harness.account()).key });
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/Unknown tool/);
  });
});

describe('endpoint operations as MCP tools (monitor-shaped routes)', () => {
  let monitors: ClientsHarness;
  beforeAll(async () => {
    monitors = await startClientsHarness({ monitorShaped: true });
  });
  afterAll(() => monitors.close());

  async function connectTo(key: string): Promise<Client> {
    const client = new Client({ name: 'clients-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${monitors.baseUrl}/mcp`), {
        requestInit: { headers: { 'X-API-Key': key } },
      }),
    );
    open.push(client);
    return client;
  }

  it('lists each endpoint after the tools, with its path parameters and body fields as one input schema', async () => {
    const client = await connectTo((await monitors.account()).key);
    const listed = (await client.listTools()).tools;
    expect(listed.slice(tools.length).map((tool) => tool.name)).toEqual([
      'list_monitors',
      'create_monitor',
      'get_monitor',
      'update_monitor',
      'delete_monitor',
    ]);
    const update = listed.find((tool) => tool.name === 'update_monitor')!;
    expect(update.inputSchema.required).toEqual(['id']);
    expect(Object.keys(update.inputSchema.properties ?? {})).toEqual([
      'id',
      'name',
      'targets',
      'schedule_cron',
      'status',
    ]);
    expect(update.annotations).toMatchObject({ title: 'Update a monitor' });
    expect(listed.find((tool) => tool.name === 'get_monitor')!.annotations?.readOnlyHint).toBe(true);
    expect(listed.find((tool) => tool.name === 'delete_monitor')!.annotations?.destructiveHint).toBe(true);
  });

  it('creates, reads, pages, updates and deletes through REST with the caller key, free', async () => {
    const account = await monitors.account({ credits: 0 });
    const client = await connectTo(account.key);
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = await client.callTool({ name, arguments: args });
      return { isError: result.isError === true, payload: payloadOf(result) };
    };
    const created = await call('create_monitor', {
      name: 'Docs',
      targets: [{ url: 'https://example.com/docs' }],
    });
    expect(created.isError).toBe(false);
    const { id } = created.payload.data;
    await call('create_monitor', { name: 'Blog', targets: [{ url: 'https://example.com/blog' }] });
    expect((await call('get_monitor', { id })).payload.data).toMatchObject({ id, name: 'Docs' });
    expect((await call('list_monitors', { limit: 1 })).payload).toMatchObject({
      data: [{ id }],
      next_cursor: id,
    });
    expect((await call('update_monitor', { id, status: 'paused' })).payload.data.status).toBe('paused');
    expect((await call('delete_monitor', { id })).payload).toEqual({ data: { id, deleted: true } });
    expect(await call('get_monitor', { id })).toMatchObject({
      isError: true,
      payload: { status: 404, error: { code: 'NOT_FOUND' } },
    });
    expect(await call('get_monitor', {})).toMatchObject({
      isError: true,
      payload: {
        status: 400,
        error: { code: 'VALIDATION_ERROR', details: [{ field: 'id', message: 'Required' }] },
      },
    });
    expect(await account.balance()).toBe(0);
  });

  it('stores an endpoint answer over the cap and answers its handle and preview instead', async () => {
    const account = await monitors.account({ credits: 5 });
    const client = await connectTo(account.key);
    const targets = Array.from({ length: 20 }, (_, i) => ({
      url: `https://example.com/catalog/page-${i}`,
      selector: 'main',
    }));
    for (let i = 0; i < 40; i += 1) {
      const created = await client.callTool({
        name: 'create_monitor',
        arguments: { name: `Catalog ${i}`, targets },
      });
      expect(created.isError).toBeFalsy();
    }
    const listed = payloadOf(await client.callTool({ name: 'list_monitors', arguments: { limit: 100 } }));
    expect(listed.data).toMatchObject({ truncated: true, result_handle: expect.stringMatching(/^res_/) });
    expect(listed.next_cursor).toBeNull();
    expect(listed.warnings[0]).toContain('read it with read_result');
    const read = payloadOf(
      await client.callTool({
        name: 'read_result',
        arguments: { result_handle: listed.data.result_handle, json_path: '[39].name' },
      }),
    );
    expect(read.data.value).toBe('Catalog 39');
    expect(await account.balance()).toBe(5 - 1);
  });
});
