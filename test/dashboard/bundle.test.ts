import { gzipSync } from 'node:zlib';
import { OpenAPIHono } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../lib/app/env.js';
import { onError } from '../../lib/app/on-error.js';
import { buildDashboard } from '../../lib/dashboard/build.js';
import { mountDashboard } from '../../lib/dashboard/mount.js';

/** The budget of the issue: the whole dashboard, as a browser downloads it, under 150 KB gzipped. */
const MAX_GZIPPED_BYTES = 150 * 1024;

const assets = buildDashboard();

describe('the dashboard build', () => {
  it(`is under ${MAX_GZIPPED_BYTES / 1024} KB gzipped, every file counted`, () => {
    const gzipped = [...assets.values()].reduce((total, bytes) => total + gzipSync(bytes).length, 0);
    expect(gzipped).toBeLessThan(MAX_GZIPPED_BYTES);
    const shapes = [...assets.keys()].map((name) => name.replace(/-[A-Z0-9]+\./, '-HASH.')).sort();
    expect(shapes).toEqual(['app-HASH.css', 'app-HASH.js', 'index.html']);
  });

  it('names only files of its own origin in its page', () => {
    const page = new TextDecoder().decode(assets.get('index.html'));
    const references = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(references.length).toBe(4);
    // The favicon is drawn inline (a data: image), so it makes no request either.
    for (const reference of references)
      expect(reference).toMatch(/^(\/(dashboard|docs)\b|data:image\/svg\+xml,)/);
  });

  it('is served with its policy: the page never cached, the hashed files for a year, nothing else', async () => {
    const app = new OpenAPIHono<AppEnv>();
    app.onError(onError);
    mountDashboard(assets)(app);
    const page = await app.request('/dashboard');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    const script = [...assets.keys()].find((name) => name.endsWith('.js'))!;
    const file = await app.request(`/dashboard/${script}`);
    expect(file.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await app.request('/dashboard/app-OLD.js')).status).toBe(404);
  });
});
