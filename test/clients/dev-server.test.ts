import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebExtractionClient } from '../../sdk/typescript/src/index.js';
import { type DevServer, startDevServer } from '../support/dev-server.js';
import { expectedMcpToolNames } from './support/mcp-tool-names.js';

/** `npm start` as a newcomer runs it, then both clients pointed at it. */
const key = 'clients-dev-key';
let server: DevServer;
let base: string;
let output = '';

beforeAll(async () => {
  server = await startDevServer({ DEV_API_KEY: key, DEV_CREDITS: '100' }, { drivers: 'embedded' });
  base = server.base;
  output = server.output();
}, 60_000);

afterAll(() => server?.close());

describe('the clients against `npm start`', () => {
  it('announces /mcp, lists every tool over MCP and charges an MCP call and an SDK call alike', async () => {
    expect(output).toContain(`MCP:      http://localhost:${new URL(base).port}/mcp`);
    const mcp = new Client({ name: 'dev-server-test', version: '1.0.0' });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
        requestInit: { headers: { 'X-API-Key': key } },
      }),
    );
    try {
      expect((await mcp.listTools()).tools.map((tool) => tool.name)).toEqual(expectedMcpToolNames);
      const content = 'The dev server answers agents. It charges them exactly as it charges everyone else.';
      const result = (await mcp.callTool({
        name: 'summarize_content',
        arguments: { content },
      })) as CallToolResult;
      const viaMcp = JSON.parse((result.content[0] as { text: string }).text);
      expect(viaMcp).toMatchObject({ credits_used: 4, credits_remaining: 96 });

      const sdk = new WebExtractionClient({ apiKey: key, baseUrl: base });
      const viaSdk = await sdk.summarizeContent({ content });
      expect(viaSdk).toMatchObject({ credits_used: 4, credits_remaining: 92 });
      expect(viaSdk.data).toEqual(viaMcp.data);
    } finally {
      await mcp.close();
    }
  }, 30_000);
});
