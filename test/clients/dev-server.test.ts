import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebExtractionClient } from '../../sdk/typescript/src/index.js';
import { ROOT } from './support/generated-copy.js';
import { expectedMcpToolNames } from './support/mcp-tool-names.js';

/** `npm start` as a newcomer runs it, then both clients pointed at it. */
const dataDir = mkdtempSync(join(tmpdir(), 'clients-dev-server-'));
const key = 'clients-dev-key';
let child: ChildProcess;
let base: string;
let output = '';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev-server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      PORT: String(port),
      DEV_API_KEY: key,
      DEV_CREDITS: '100',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`dev server did not start:\n${output}`)), 45_000);
    const check = setInterval(() => {
      if (output.includes('dev account')) {
        clearInterval(check);
        clearTimeout(timer);
        resolve();
      }
    }, 100);
    child.on('exit', () => reject(new Error(`dev server exited:\n${output}`)));
  });
}, 60_000);

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

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
