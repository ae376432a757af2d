import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { EXTERNAL_MODULES } from '../../infra/service-function.js';
import { ExtractionServiceStack, PROJECT_ROOT } from '../../infra/stack.js';

const run = promisify(execFile);
const outdir = mkdtempSync(join(tmpdir(), 'mcp-infra-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('the MCP endpoint on AWS', () => {
  it('is its own Lambda on ANY /mcp of the HTTP API, with the production settings of every function', () => {
    const app = new App({ outdir: join(outdir, 'cdk'), context: { 'aws:cdk:bundling-stacks': [] } });
    const template = Template.fromStack(
      new ExtractionServiceStack(app, 'Test', { env: { region: 'us-east-1' } }),
    );
    const functions = template.findResources('AWS::Lambda::Function', {
      Properties: {
        Description: 'MCP endpoint (Streamable HTTP, stateless): every tool and endpoint as an MCP tool.',
      },
    });
    const [functionId] = Object.keys(functions);
    expect(Object.keys(functions)).toHaveLength(1);
    expect(functions[functionId].Properties).toMatchObject({
      Runtime: 'nodejs24.x',
      Timeout: 30,
      TracingConfig: { Mode: 'Active' },
      Environment: { Variables: { NODE_ENV: 'production', DATABASE_DRIVER: 'neon' } },
    });
    const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).filter(
      (route) => route.Properties.RouteKey === 'ANY /mcp',
    );
    expect(routes).toHaveLength(1);
    const integrationId = routes[0].Properties.Target['Fn::Join'][1][1].Ref;
    const integration = template.toJSON().Resources[integrationId];
    expect(integration.Properties).toMatchObject({
      IntegrationType: 'AWS_PROXY',
      PayloadFormatVersion: '2.0',
    });
    expect(JSON.stringify(integration.Properties.IntegrationUri)).toContain(functionId);
  });

  it('bundles no tool code', async () => {
    const result = await build({
      entryPoints: [join(PROJECT_ROOT, 'functions/mcp.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      external: [...EXTERNAL_MODULES],
      metafile: true,
      write: false,
      logLevel: 'silent',
      absWorkingDir: PROJECT_ROOT,
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((input) => input.startsWith('lib/tools/'))).toEqual([]);
    expect(
      inputs.filter((input) => /node_modules\/(cheerio|linkedom|htmlparser2|parse5)\//.test(input)),
    ).toEqual([]);
  });

  it('bundles with the bundler of every function to under 1 MB, and loads in a bare folder with production settings', async () => {
    const folder = mkdtempSync(join(outdir, 'bundle-'));
    const job = JSON.stringify({ entry: 'functions/mcp.ts', external: EXTERNAL_MODULES, extraFiles: {} });
    await run(process.execPath, ['infra/bundling/bundle.mjs', job, folder], { cwd: PROJECT_ROOT });
    expect(statSync(join(folder, 'bundle.js')).size).toBeLessThan(1_000_000);
    // Lambda's Node 22 has a global WebSocket (the bundles leave `ws` out); Node 20 has it behind a flag.
    const flags = process.versions.node.startsWith('20.') ? ['--experimental-websocket'] : [];
    const probe = 'const m = require("./index.js"); setTimeout(() => console.log(typeof m.handler), 200);';
    const { stdout, stderr } = await run(process.execPath, [...flags, '-e', probe], {
      cwd: folder,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        DATABASE_DRIVER: 'neon',
        DATABASE_URL:
          'postgresql://app:secret@ep-quiet-term-123456.us-east-1.aws.neon.tech/extraction?sslmode=require',
      },
    });
    expect(stderr).toBe('');
    expect(stdout.trim()).toBe('function');
  });
});
