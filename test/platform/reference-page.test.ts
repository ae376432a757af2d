import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../support/harness.js';

const run = promisify(execFile);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let harness: Harness;
let profile: string;

beforeAll(async () => {
  harness = await startHarness();
  profile = mkdtempSync(join(tmpdir(), 'chromium-profile-'));
});
afterAll(async () => {
  await harness.close();
  rmSync(profile, { recursive: true, force: true });
});

/**
 * The page as a real browser renders it, with every name but loopback unresolvable: what an
 * offline or locked-down deployment shows. Chromium runs the page's scripts for up to 15 s of
 * virtual time and prints the resulting DOM.
 */
async function renderOffline(url: string): Promise<string> {
  const { stdout } = await run(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      `--user-data-dir=${profile}`,
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      '--virtual-time-budget=15000',
      '--dump-dom',
      url,
    ],
    { timeout: 60_000, maxBuffer: 32 * 1024 * 1024 },
  );
  return stdout;
}

describe('/docs', () => {
  it('loads nothing from another origin', async () => {
    const page = await harness.call('GET', '/docs');
    expect(page.status).toBe(200);
    // What the page loads (scripts, stylesheets), not where its links lead.
    const sources = [...String(page.body).matchAll(/<(?:script|link)\b[^>]*(?:src|href)="([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(source, source).toMatch(/^\/(?!\/)/);
    for (const source of sources) {
      const asset = await harness.call('GET', source);
      expect(asset.status, source).toBe(200);
    }
  });

  it('renders in headless Chromium with no network and lists the tool operations', async () => {
    const dom = await renderOffline(`${harness.baseUrl}/docs`);
    expect(dom).toContain('Web Extraction Service API');
    for (const tool of ['extract_text', 'scrape', 'summarize_content'])
      expect(dom).toContain(`/api/v1/tools/${tool}`);
  }, 90_000);

  it('links to the dashboard, which links back', async () => {
    const page = await harness.call('GET', '/docs');
    expect(String(page.body)).toContain('href="/dashboard"');
    const { readFileSync } = await import('node:fs');
    const nav = readFileSync(new URL('../../lib/dashboard/app/app.tsx', import.meta.url), 'utf8');
    expect(nav).toContain('href="/docs"');
  });
});

describe('/openapi.json as a reference', () => {
  it('groups the tools by kind in the README order, monitors and account after them', async () => {
    const { body } = await harness.call('GET', '/openapi.json');
    expect(body.tags.map((tag: { name: string }) => tag.name)).toEqual([
      'pages',
      'sites, batches and documents',
      'browsers',
      'providers',
      'templates',
      'monitors',
      'account',
      'self-descriptions',
    ]);
    const tagOf = (tool: string) => body.paths[`/api/v1/tools/${tool}`].post.tags;
    expect(tagOf('extract_text')).toEqual(['pages']);
    expect(tagOf('batch_scrape')).toEqual(['sites, batches and documents']);
    expect(tagOf('browser_session')).toEqual(['browsers']);
    expect(tagOf('search_web')).toEqual(['providers']);
    expect(tagOf('scrape_template')).toEqual(['templates']);
    const used = new Set(
      Object.values(body.paths).flatMap((item) =>
        Object.values(item as Record<string, { tags?: string[] }>).flatMap(
          (operation) => operation.tags ?? [],
        ),
      ),
    );
    for (const tag of used) expect(body.tags.map((entry: { name: string }) => entry.name)).toContain(tag);
  });

  it('shows each error status with examples of its own codes, and a typed 200', async () => {
    const { body } = await harness.call('GET', '/openapi.json');
    const operation = body.paths['/api/v1/tools/extract_text'].post;
    const examplesOf = (status: string) => operation.responses[status].content['application/json'].examples;
    expect(Object.keys(examplesOf('401')).sort()).toEqual(['INVALID_API_KEY', 'MISSING_API_KEY']);
    expect(examplesOf('401').MISSING_API_KEY.value.error.code).toBe('MISSING_API_KEY');
    expect(Object.keys(examplesOf('402'))).toEqual(['INSUFFICIENT_CREDITS']);
    expect(examplesOf('400').VALIDATION_ERROR.value.error.details).toHaveLength(1);
    const success = operation.responses['200'].content['application/json'].schema;
    expect(success.properties.data).toEqual({ $ref: '#/components/schemas/ExtractTextResult' });
    expect(body.components.schemas.ExtractTextResult.properties.word_count.type).toBe('integer');
    expect(operation.security).toEqual([{ ApiKeyAuth: [] }, { BearerAuth: [] }]);
  });
});
