import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createApiKey } from '../lib/auth/accounts.js';
import { openDatabase } from '../lib/db/client.js';
import { getBalance } from '../lib/ledger/index.js';
import { tools } from '../lib/tools/registry.js';
import { httpApiEvent } from '../test/lambda/api-gateway-event.js';
import { startNeonWsProxy } from '../test/support/neon-ws-proxy.js';
import { startUpstashRestFake } from '../test/support/upstash-rest-fake.js';
import { MAX_TOOL_BUNDLE_BYTES, toolBundleBudget } from './bundling/budget.js';
import { PROJECT_ROOT } from './stack.js';

const run = promisify(execFile);

/**
 * The real thing, once: the pinned CLI runs cdk.json's app and the local esbuild bundles every
 * function, offline and with no AWS account. Then each bundle is loaded the way Lambda loads it,
 * from a folder with no node_modules above it, with production settings: a driver import that
 * escaped the externals, or an `import.meta` the CJS bundle lost, fails here rather than at init.
 */
const browserTools = new Set(tools.filter((tool) => tool.browser).map((tool) => tool.name));

const outdir = mkdtempSync(join(tmpdir(), 'cdk-out-'));
// biome-ignore lint/suspicious/noExplicitAny: a synthesized CloudFormation template
let template: any;

beforeAll(async () => {
  await run(
    join(PROJECT_ROOT, 'node_modules/.bin/cdk'),
    ['synth', '--quiet', '--no-notices', '--output', outdir],
    {
      cwd: PROJECT_ROOT,
      env: { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true', CDK_DEFAULT_REGION: 'us-east-1' },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  template = JSON.parse(readFileSync(join(outdir, 'WebExtractionService.template.json'), 'utf8'));
}, 240_000);

afterAll(() => rmSync(outdir, { recursive: true, force: true }));

const productionEnv = {
  PATH: process.env.PATH,
  NODE_ENV: 'production',
  DATABASE_DRIVER: 'neon',
  DATABASE_URL:
    'postgresql://app:secret@ep-quiet-term-123456.us-east-1.aws.neon.tech/extraction?sslmode=require',
  LOG_LEVEL: 'info',
};

// Lambda runs Node 24, whose globals (WebSocket among them) this machine's Node 20 has behind a
// flag: the bundles are loaded as Lambda would load them.
const LAMBDA_NODE_GLOBALS = process.versions.node.startsWith('20.') ? ['--experimental-websocket'] : [];

// Load, let the module-scope service opening settle, and report what the module exports.
const probe = `
const m = require(process.argv[1]);
setTimeout(() => { console.log(JSON.stringify({ handler: typeof m.handler })); process.exit(0); }, 300);
`;

// Invoke the catalog bundle for the reference page's script, from its own folder only.
const docsProbe = `
const m = require(process.argv[1]);
const event = { version: '2.0', routeKey: '$default', rawPath: '/docs/swagger-ui-bundle.js', rawQueryString: '',
  headers: { host: 'api.example.com' }, isBase64Encoded: false,
  requestContext: { http: { method: 'GET', path: '/docs/swagger-ui-bundle.js', protocol: 'HTTP/1.1', sourceIp: '203.0.113.7', userAgent: 'probe' },
    domainName: 'api.example.com', requestId: 'r', routeKey: '$default', stage: '$default', time: '', timeEpoch: 0, accountId: '1', apiId: 'a' } };
m.handler(event, {}).then((r) => {
  const bytes = Buffer.from(r.body, r.isBase64Encoded ? 'base64' : 'utf8');
  console.log(JSON.stringify({ status: r.statusCode, type: r.headers['content-type'], bytes: bytes.length }));
  process.exit(0);
});
`;

// Invoke the catalog bundle for each path of argv, from its own folder only: status, type, body.
const catalogProbe = `
const m = require(process.argv[1]);
const event = (path) => ({ version: '2.0', routeKey: '$default', rawPath: path, rawQueryString: '',
  headers: { host: 'api.example.com' }, isBase64Encoded: false,
  requestContext: { http: { method: 'GET', path, protocol: 'HTTP/1.1', sourceIp: '203.0.113.7', userAgent: 'probe' },
    domainName: 'api.example.com', requestId: 'r', routeKey: '$default', stage: '$default', time: '', timeEpoch: 0, accountId: '1', apiId: 'a' } });
Promise.all(process.argv.slice(2).map((path) => m.handler(event(path), {}))).then((replies) => {
  console.log(JSON.stringify(replies.map((r) => ({ status: r.statusCode, type: r.headers['content-type'],
    body: Buffer.from(r.body, r.isBase64Encoded ? 'base64' : 'utf8').toString() }))));
  process.exit(0);
});
`;

describe('cdk synth with bundling', () => {
  it('passes cdk-nag’s AWS Solutions and Serverless packs with no unacknowledged finding', () => {
    // infra/app.ts adds both packs (infra/nag.test.ts shows the gate failing a synth), so a finding
    // fails the synth above; the report and the acknowledgements with their reasons are read here.
    const report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8'));
    expect(
      report.pluginReports.filter((plugin: { conclusion: string }) => plugin.conclusion !== 'success'),
    ).toEqual([]);
    const metadata: Record<string, Array<{ type: string; data: Record<string, string> }>> = JSON.parse(
      readFileSync(join(outdir, 'WebExtractionService.metadata.json'), 'utf8'),
    );
    const acknowledged = new Map<string, string>();
    for (const entries of Object.values(metadata))
      for (const entry of entries)
        if (entry.type === 'aws:cdk:acknowledged-rules')
          for (const [rule, reason] of Object.entries(entry.data)) acknowledged.set(rule, reason);
    for (const rule of ['AwsSolutions-APIG4', 'Serverless-LambdaDLQ', 'AwsSolutions-IAM5[Resource::*]'])
      expect(acknowledged.get(`Annotation::${rule}`), rule).toMatch(/\w+ \w+ \w+/);
  });

  it('synthesizes one function per registry tool plus the catalog, the MCP endpoint and the monitors API, sweeper and check worker', () => {
    const functions = Object.values(template.Resources).filter(
      // biome-ignore lint/suspicious/noExplicitAny: CloudFormation resources
      (resource: any) => resource.Type === 'AWS::Lambda::Function',
    );
    expect(functions).toHaveLength(tools.length + 5);
  });

  it('writes a CommonJS bundle per function that loads in a bare folder with production settings', async () => {
    const assetPaths = Object.values(template.Resources)
      // biome-ignore lint/suspicious/noExplicitAny: CloudFormation resources
      .filter((resource: any) => resource.Type === 'AWS::Lambda::Function')
      // biome-ignore lint/suspicious/noExplicitAny: CloudFormation resources
      .map((resource: any) => join(outdir, resource.Metadata['aws:asset:path'], 'index.js'));
    for (const bundle of assetPaths) {
      expect(existsSync(bundle), bundle).toBe(true);
      // index.js loads bundle.js through its compile cache (infra/bundling/compile-cache.mjs).
      const source = readFileSync(join(bundle, '..', 'bundle.js'), 'utf8');
      expect(
        source.startsWith("const __importMetaUrl = require('url')"),
        'the banner that shims import.meta.url',
      ).toBe(true);
      const { stdout, stderr } = await run(process.execPath, [...LAMBDA_NODE_GLOBALS, '-e', probe, bundle], {
        cwd: join(bundle, '..'),
        env: productionEnv,
      });
      expect(stderr, `${bundle} logged at load`).toBe('');
      expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual({ handler: 'function' });
    }
  }, 60_000);

  it('keeps every tool bundle that runs no browser under 1 MB, so a cold start loads it fast', () => {
    const tooLarge: string[] = [];
    // biome-ignore lint/suspicious/noExplicitAny: CloudFormation resources
    for (const [id, resource] of Object.entries<any>(template.Resources)) {
      if (resource.Type !== 'AWS::Lambda::Function' || !id.startsWith('Tool')) continue;
      const bundle = join(outdir, resource.Metadata['aws:asset:path'], 'bundle.js');
      // Browser tools carry the render path and load Chromium's driver from their layer; the
      // 1 MB budget is for the tools that start no browser.
      const toolName = String(resource.Properties.Description).split(':')[0];
      if (browserTools.has(toolName)) continue;
      const bytes = statSync(bundle).size;
      if (bytes > toolBundleBudget(toolName)) tooLarge.push(`${id}: ${bytes} bytes`);
    }
    expect(tooLarge, `bundles over their budget (${MAX_TOOL_BUNDLE_BYTES} bytes, more with re2js)`).toEqual(
      [],
    );
  });

  it('ships unpdf beside the process_document bundle, outside every bundle, and it reads a PDF from there', async () => {
    const assetOf = (prefix: string) => {
      // biome-ignore lint/suspicious/noExplicitAny: CloudFormation resources
      const [, resource] = Object.entries<any>(template.Resources).find(
        ([id, candidate]) => id.startsWith(prefix) && candidate.Type === 'AWS::Lambda::Function',
      )!;
      return join(outdir, resource.Metadata['aws:asset:path']);
    };
    const folder = assetOf('ToolProcessDocument');
    expect(existsSync(join(folder, 'node_modules/unpdf/dist/pdfjs.mjs'))).toBe(true);
    expect(readFileSync(join(folder, 'bundle.js'), 'utf8')).not.toContain('pdfjsVersion');
    expect(existsSync(join(assetOf('ToolScrape'), 'node_modules'))).toBe(false);
    const pdf = join(PROJECT_ROOT, 'test/fixtures/documents/report.pdf');
    const read = `import('unpdf').then(async ({ getDocumentProxy }) => {
      const pdf = await getDocumentProxy(new Uint8Array(require('fs').readFileSync(${JSON.stringify(pdf)})));
      console.log(pdf.numPages);
    })`;
    const { stdout } = await run(process.execPath, ['-e', read], { cwd: folder, env: productionEnv });
    expect(stdout.trim()).toBe('3');
  }, 30_000);

  it('copies the reference page assets beside the catalog bundle, which serves them with no network', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: CloudFormation resources
    const catalog = Object.values(template.Resources).find((resource: any) =>
      String(resource.Properties?.Description ?? '').startsWith('OpenAPI document'),
    ) as { Metadata: Record<string, string> };
    const folder = join(outdir, catalog.Metadata['aws:asset:path']);
    expect(existsSync(join(folder, 'reference-assets/swagger-ui-bundle.js'))).toBe(true);
    const { stdout } = await run(
      process.execPath,
      [...LAMBDA_NODE_GLOBALS, '-e', docsProbe, join(folder, 'index.js')],
      {
        cwd: folder,
        env: productionEnv,
      },
    );
    const reply = JSON.parse(stdout.trim().split('\n').at(-1)!);
    expect(reply.status).toBe(200);
    expect(reply.type).toMatch(/javascript/);
    expect(reply.bytes).toBeGreaterThan(500_000);
  }, 60_000);

  it('builds the dashboard beside the catalog bundle, which serves it, GET /api/v1/usage, /api/v1/keys and /api/v1/requests', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: CloudFormation resources
    const catalog = Object.values(template.Resources).find((resource: any) =>
      String(resource.Properties?.Description ?? '').startsWith('OpenAPI document'),
    ) as { Metadata: Record<string, string> };
    const folder = join(outdir, catalog.Metadata['aws:asset:path']);
    const probe = async (...paths: string[]) => {
      const { stdout } = await run(
        process.execPath,
        [...LAMBDA_NODE_GLOBALS, '-e', catalogProbe, join(folder, 'index.js'), ...paths],
        { cwd: folder, env: productionEnv },
      );
      return JSON.parse(stdout.trim().split('\n').at(-1)!) as Array<{
        status: number;
        type: string;
        body: string;
      }>;
    };
    const [page, usage, keys, requests] = await probe(
      '/dashboard',
      '/api/v1/usage',
      '/api/v1/keys',
      '/api/v1/requests',
    );
    expect(page.status).toBe(200);
    expect(page.type).toBe('text/html; charset=utf-8');
    for (const reply of [usage, keys, requests]) {
      expect(reply.status, reply.body).toBe(401);
      expect(JSON.parse(reply.body).error.code).toBe('MISSING_API_KEY');
    }
    const files = [...page.body.matchAll(/"\/dashboard\/([^"]+)"/g)].map((match) => match[1]);
    expect(files).toHaveLength(2);
    const served = await probe(...files.map((file) => `/dashboard/${file}`));
    expect(served.map((reply) => [reply.status, reply.type])).toEqual([
      [200, 'text/css; charset=utf-8'],
      [200, 'text/javascript; charset=utf-8'],
    ]);
    expect(served[1].body.length).toBeGreaterThan(20_000);
  }, 60_000);

  it.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)(
    'runs a metered call from the analyze_content bundle as deployed: Neon over its WebSocket, Upstash over REST',
    async () => {
      const databaseUrl = process.env.TEST_DATABASE_URL!;
      const target = new URL(databaseUrl);
      const proxy = await startNeonWsProxy(target.hostname, Number(target.port || 5432));
      const upstash = await startUpstashRestFake(process.env.TEST_REDIS_URL!, 'bundle-token');
      const database = await openDatabase({ DATABASE_URL: databaseUrl, DATA_DIR: '.data' });
      try {
        const account = await createAccount(database.db, {
          name: `bundle-${Date.now()}`,
          plan: 'business',
          credits: 10,
        });
        const { key } = await createApiKey(database.db, account.id);
        const event = httpApiEvent({
          method: 'POST',
          path: '/api/v1/tools/analyze_content',
          headers: { 'x-api-key': key },
          body: JSON.stringify({ content: 'The release is fast and reliable, and customers love it.' }),
        });
        const invoke = `
const m = require(process.argv[1]);
m.handler(JSON.parse(process.argv[2]), {}).then((r) => { console.log(JSON.stringify(r)); process.exit(0); });
`;
        const resource = Object.values(template.Resources).find(
          // biome-ignore lint/suspicious/noExplicitAny: CloudFormation resources
          (candidate: any) =>
            candidate.Type === 'AWS::Lambda::Function' &&
            String(candidate.Properties.Description).startsWith('analyze_content:'),
          // biome-ignore lint/suspicious/noExplicitAny: CloudFormation resources
        ) as any;
        const folder = join(outdir, resource.Metadata['aws:asset:path']);
        const { stdout } = await run(
          process.execPath,
          [...LAMBDA_NODE_GLOBALS, '-e', invoke, join(folder, 'index.js'), JSON.stringify(event)],
          {
            cwd: folder,
            env: {
              ...productionEnv,
              // Neon's driver with Neon's documented local setting, to the real PostgreSQL.
              DATABASE_URL: databaseUrl,
              NEON_WS_PROXY: proxy.wsProxy,
              UPSTASH_REDIS_REST_URL: upstash.url,
              UPSTASH_REDIS_REST_TOKEN: 'bundle-token',
              LOG_LEVEL: 'silent',
            },
          },
        );
        const reply = JSON.parse(stdout.trim().split('\n').at(-1)!);
        expect(reply.statusCode, reply.body).toBe(200);
        expect(JSON.parse(reply.body)).toMatchObject({
          success: true,
          credits_used: 3,
          credits_remaining: 7,
        });
        expect(reply.headers['ratelimit-limit']).toBe('10');
        expect(await getBalance(database.db, account.id)).toBe(7);
      } finally {
        await database.close();
        await upstash.close();
        await proxy.close();
      }
    },
    60_000,
  );
});
