import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tools } from '../lib/tools/registry.js';
import { PROJECT_ROOT } from './stack.js';

const run = promisify(execFile);

/**
 * The real thing, once: the pinned CLI runs cdk.json's app and the local esbuild bundles every
 * function, offline and with no AWS account. Then each bundle is loaded the way Lambda loads it,
 * from a folder with no node_modules above it, with production settings: a driver import that
 * escaped the externals, or an `import.meta` the CJS bundle lost, fails here rather than at init.
 */
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

// Load, let the module-scope service opening settle, and report what the module exports.
const probe = `
const m = require(process.argv[1]);
setTimeout(() => { console.log(JSON.stringify({ handler: typeof m.handler })); process.exit(0); }, 300);
`;

describe('cdk synth with bundling', () => {
  it('synthesizes one function per registry tool plus the catalog and the sweeper', () => {
    const functions = Object.values(template.Resources).filter(
      // biome-ignore lint/suspicious/noExplicitAny: CloudFormation resources
      (resource: any) => resource.Type === 'AWS::Lambda::Function',
    );
    expect(functions).toHaveLength(tools.length + 2);
  });

  it('writes a CommonJS bundle per function that loads in a bare folder with production settings', async () => {
    const assetPaths = Object.values(template.Resources)
      // biome-ignore lint/suspicious/noExplicitAny: CloudFormation resources
      .filter((resource: any) => resource.Type === 'AWS::Lambda::Function')
      // biome-ignore lint/suspicious/noExplicitAny: CloudFormation resources
      .map((resource: any) => join(outdir, resource.Metadata['aws:asset:path'], 'index.js'));
    for (const bundle of assetPaths) {
      expect(existsSync(bundle), bundle).toBe(true);
      const source = readFileSync(bundle, 'utf8');
      expect(
        source.startsWith("const __importMetaUrl = require('url')"),
        'the banner that shims import.meta.url',
      ).toBe(true);
      const { stdout, stderr } = await run(process.execPath, ['-e', probe, bundle], {
        cwd: join(bundle, '..'),
        env: productionEnv,
      });
      expect(stderr, `${bundle} logged at load`).toBe('');
      expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual({ handler: 'function' });
    }
  }, 60_000);
});
