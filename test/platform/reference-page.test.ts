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
    const sources = [...String(page.body).matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
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
});
