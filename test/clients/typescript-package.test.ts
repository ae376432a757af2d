import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClientsHarness, startClientsHarness } from './support/clients-harness.js';
import { ROOT, sdkCopyFor } from './support/generated-copy.js';

const run = promisify(execFile);
const tsc = join(ROOT, 'node_modules/.bin/tsc');
const temporary: string[] = [];
let harness: ClientsHarness;

beforeAll(async () => {
  harness = await startClientsHarness({ monitorShaped: true });
});
afterAll(async () => {
  await harness.close();
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

describe('the TypeScript SDK as a package', () => {
  it('builds with tsc to the files its package.json exports, which run in plain Node without a loader', async () => {
    const out = mkdtempSync(join(tmpdir(), 'sdk-dist-'));
    temporary.push(out);
    await run(tsc, ['-p', join(ROOT, 'sdk/typescript/tsconfig.build.json'), '--outDir', join(out, 'dist')]);
    const manifest = JSON.parse(readFileSync(join(ROOT, 'sdk/typescript/package.json'), 'utf8'));
    expect(manifest.files).toContain('dist');
    for (const target of Object.values(manifest.exports['.']) as string[]) {
      expect(existsSync(join(out, target)), target).toBe(true);
    }
    const account = await harness.account({ credits: 10 });
    const script = `
      const { WebExtractionClient, BadRequestError } = await import(${JSON.stringify(pathToFileURL(join(out, manifest.exports['.'].import)).href)});
      const client = new WebExtractionClient({ apiKey: process.env.KEY, baseUrl: process.env.BASE_URL });
      const ok = await client.summarizeContent({ content: 'The package runs in plain Node. It needs nothing but fetch to work.' });
      const bad = await client.summarizeContent({ content: 'x', max_sentences: 0 }).catch((error) => error);
      console.log(JSON.stringify({ credits: ok.credits_used, bad: bad instanceof BadRequestError, code: bad.code }));
    `;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
      env: { PATH: process.env.PATH, KEY: account.key, BASE_URL: harness.baseUrl },
    });
    expect(JSON.parse(stdout)).toEqual({ credits: 4, bad: true, code: 'VALIDATION_ERROR' });
  }, 60_000);

  it('bundles for browsers and edge runtimes from its own sources, with no Node built-in', async () => {
    const result = await build({
      entryPoints: [join(ROOT, 'sdk/typescript/src/index.ts')],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      minify: true,
      write: false,
      metafile: true,
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.every((input) => input.startsWith('sdk/typescript/src/'))).toBe(true);
    const code = result.outputFiles[0].text;
    expect(code).not.toMatch(/\brequire\(|node:|process\.|Buffer\b/);
    expect(code.length).toBeLessThan(20_000);
  });

  it('generates typed endpoint methods that compile and work as soon as the routes are in the document', async () => {
    const copy = sdkCopyFor(harness.document);
    temporary.push(copy);
    await run(tsc, ['--noEmit', '-p', join(copy, 'sdk/typescript/tsconfig.json')]);
    const sdk = await import(join(copy, 'sdk/typescript/src/index.ts'));
    const account = await harness.account({ credits: 0 });
    const client = new sdk.WebExtractionClient({ apiKey: account.key, baseUrl: harness.baseUrl });
    const created = await client.createMonitor({
      name: 'Docs',
      targets: [{ url: 'https://example.com/docs' }],
    });
    const { id } = created.data;
    expect(await client.getMonitor(id)).toMatchObject({ data: { id, name: 'Docs', status: 'active' } });
    await client.createMonitor({ name: 'Blog', targets: [{ url: 'https://example.com/blog' }] });
    const page = await client.listMonitors({ limit: 1 });
    expect(page).toMatchObject({ data: [{ id }], next_cursor: id });
    expect((await client.listMonitors()).data).toHaveLength(2);
    expect(await client.updateMonitor(id, { status: 'paused' })).toMatchObject({
      data: { status: 'paused' },
    });
    expect(await client.deleteMonitor(id)).toEqual({ success: true, data: { id, deleted: true } });
    await expect(client.getMonitor(id)).rejects.toBeInstanceOf(sdk.NotFoundError);
    expect(await account.balance()).toBe(0);
  }, 60_000);
});
