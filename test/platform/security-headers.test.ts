import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../support/harness.js';

/**
 * Defaults a browser reads: no response may be sniffed into another type, and the reference page
 * may not be framed by another site.
 */

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness.close());

describe('security headers', () => {
  it('sends X-Content-Type-Options: nosniff on answers, errors and unmatched routes alike', async () => {
    const account = await harness.account({ credits: 10 });
    const responses = await Promise.all([
      harness.call('GET', '/health'),
      harness.call('GET', '/openapi.json'),
      harness.call('GET', '/docs/swagger-ui.css'),
      harness.call('GET', '/api/v1/tools'),
      harness.call('GET', '/no/such/route'),
      harness.call('POST', '/api/v1/tools/analyze_content', { body: { content: 'x' } }),
      harness.call('POST', '/api/v1/tools/analyze_content', { key: account.key, rawBody: '{not json' }),
      harness.call('DELETE', '/api/v1/tools/analyze_content'),
    ]);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 404, 401, 400, 405]);
    for (const response of responses) expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('gives /docs a policy that forbids framing and runs only its own scripts', async () => {
    const page = await harness.call('GET', '/docs');
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]{43}='(;|$)/);
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});
