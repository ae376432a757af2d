import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/errors/api-error.js';
import { errorBody } from '../../lib/errors/envelope.js';
import {
  type AssessOptions,
  assessFetchedPage,
  BLOCKED_NEXT_STEP,
  CLIENT_RENDERED_WARNING,
  JSON_BODY_WARNING,
} from '../../lib/fetch/assess-page.js';
import type { FetchedPage } from '../../lib/fetch/types.js';
import { fetchedPage, wallFixture } from '../fixtures/walls/load-wall-fixture.js';

const EXTRACT_TEXT: AssessOptions = { tool: 'extract_text', escalate: false };
const ESCALATING: AssessOptions = { tool: 'extract_text', escalate: true };

/** A page with real content: long enough that no status makes it a bare block. */
const ARTICLE_HTML = `<html><body><h1>Members only</h1>${'<p>This part of the archive is open to subscribers; sign in or choose a plan to read the full story and the rest of our reporting.</p>'.repeat(6)}</body></html>`;

function refusal(page: FetchedPage, options: AssessOptions): ApiError {
  try {
    assessFetchedPage(page, options);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error(`expected the gate to refuse HTTP ${page.status}`);
}

function describeError(error: ApiError): string {
  return JSON.stringify({ status: error.status, ...errorBody(error) });
}

describe('assessFetchedPage: bot walls without escalate answer BLOCKED', () => {
  it.each([
    ['cloudflare-challenge', 'cloudflare', 403],
    ['perimeterx-block', 'perimeterx', 403],
    ['vercel-checkpoint', 'vercel', 429],
    ['amazon-captcha', 'amazon', 502],
    ['cloudflare-legacy-503', 'cloudflare', 502],
    ['cloudflare-iuam-2015', 'cloudflare', 502],
    ['cloudflare-iuam-2020', 'cloudflare', 502],
    // 503 with ~6 KB of arithmetic in display:none divs: hidden text does not make the page long.
    ['cloudflare-jschl-2020-hidden-math', 'cloudflare', 502],
    ['cloudflare-captcha-2018', 'cloudflare', 403],
    ['aws-waf-challenge', 'amazon', 502],
    ['aws-waf-captcha', 'amazon', 502],
    ['datadome-api', 'datadome', 403],
  ])('%s: %s, HTTP %i', (name, vendor, status) => {
    const error = refusal(wallFixture(name), EXTRACT_TEXT);
    expect(error.code, describeError(error)).toBe('BLOCKED');
    expect(error.status).toBe(status);
    expect(error.extra).toEqual({
      blocked: { vendor, evidence: expect.arrayContaining([expect.any(String)]) },
      next_step: BLOCKED_NEXT_STEP,
    });
  });

  it.each(['extract_metadata', 'extract_content', 'analyze_content', 'fetch_url'])(
    'an AWS WAF challenge (202, empty body) is a named wall for %s too, never an empty success',
    (tool) => {
      const error = refusal(wallFixture('aws-waf-challenge'), { tool, escalate: false });
      expect(error.code, describeError(error)).toBe('BLOCKED');
      expect(error.extra?.blocked).toEqual({
        vendor: 'amazon',
        evidence: ['header x-amzn-waf-action: challenge'],
      });
    },
  );

  it('a Cloudflare JavaScript challenge served as 503 is a wall that escalate retries, not a server error', () => {
    expect(() => assessFetchedPage(wallFixture('cloudflare-iuam-2020'), ESCALATING)).toThrow(
      expect.objectContaining({ code: 'TOOL_NOT_AVAILABLE', status: 503 }),
    );
  });

  it.each([403, 429, 444])('a bare %i keeps the target status', (status) => {
    const error = refusal(fetchedPage({ status, body: '' }), EXTRACT_TEXT);
    expect(error.code).toBe('BLOCKED');
    expect(error.status).toBe(status);
    expect(error.extra?.blocked).toEqual({
      vendor: 'unknown',
      evidence: [`HTTP ${status} with 0 characters of text`],
    });
  });

  it('a 2xx empty shell or placeholder answers 502', () => {
    for (const body of ['', '<h1>Access denied</h1>']) {
      const error = refusal(fetchedPage({ status: 200, body }), EXTRACT_TEXT);
      expect(error.code).toBe('BLOCKED');
      expect(error.status).toBe(502);
    }
  });

  it('puts blocked and next_step in the error envelope', () => {
    const body = errorBody(refusal(wallFixture('cloudflare-challenge'), EXTRACT_TEXT));
    expect(body.error).toMatchObject({
      code: 'BLOCKED',
      message: 'Target answered with a cloudflare bot wall (HTTP 403)',
      blocked: { vendor: 'cloudflare', evidence: expect.arrayContaining(['header cf-mitigated: challenge']) },
      next_step: BLOCKED_NEXT_STEP,
    });
  });

  it('counts Fastly as a wall for scrape only, unless told otherwise', () => {
    const page = wallFixture('fastly-blocked');
    expect(refusal(page, { tool: 'scrape', escalate: false }).extra?.blocked).toMatchObject({
      vendor: 'fastly',
    });
    expect(refusal(page, EXTRACT_TEXT).extra?.blocked).toMatchObject({ vendor: 'unknown' });
    const optedOut = refusal(page, { tool: 'scrape', escalate: false, includeFastly: false });
    expect(optedOut.extra?.blocked).toMatchObject({ vendor: 'unknown' });
  });
});

describe('assessFetchedPage: escalate on a wall without an escalation backend', () => {
  it('answers 503 TOOL_NOT_AVAILABLE, says the render did not run and keeps what was seen', () => {
    const error = refusal(wallFixture('datadome-captcha'), ESCALATING);
    expect(error.code, describeError(error)).toBe('TOOL_NOT_AVAILABLE');
    expect(error.status).toBe(503);
    expect(error.message).toMatch(/^Escalation backend not configured/);
    expect(error.extra).toEqual({
      escalated: false,
      blocked: { vendor: 'datadome', evidence: expect.arrayContaining(['header x-datadome: protected']) },
    });
  });

  it('does the same for a generic wall', () => {
    expect(refusal(fetchedPage({ status: 429, body: '' }), ESCALATING).code).toBe('TOOL_NOT_AVAILABLE');
  });

  it('never escalates what is not a wall: 404, 5xx, binaries', () => {
    expect(refusal(wallFixture('normal/not-found'), ESCALATING).code).toBe('UPSTREAM_HTTP');
    expect(refusal(fetchedPage({ status: 500, body: ARTICLE_HTML }), ESCALATING).code).toBe('UPSTREAM_HTTP');
    const pdf = fetchedPage({ status: 200, kind: 'binary', headers: { 'content-type': 'application/pdf' } });
    expect(refusal(pdf, ESCALATING).code).toBe('UNSUPPORTED_CONTENT_TYPE');
  });
});

describe('assessFetchedPage: target errors without a wall answer UPSTREAM_HTTP', () => {
  it.each([
    [404, 404],
    [410, 410],
    [451, 451],
    [401, 502],
    [500, 502],
    [503, 502],
    [520, 502],
  ])('HTTP %i answers %i without next_step', (target, status) => {
    const error = refusal(fetchedPage({ status: target, body: ARTICLE_HTML }), EXTRACT_TEXT);
    expect(error.code, describeError(error)).toBe('UPSTREAM_HTTP');
    expect(error.status).toBe(status);
    expect(error.message).toBe(`Target answered HTTP ${target}`);
    expect(error.extra).toBeUndefined();
  });

  it.each([403, 429, 444])('HTTP %i with real content passes through with next_step', (status) => {
    const error = refusal(fetchedPage({ status, body: ARTICLE_HTML }), EXTRACT_TEXT);
    expect(error.code, describeError(error)).toBe('UPSTREAM_HTTP');
    expect(error.status).toBe(status);
    expect(error.extra?.next_step).toEqual(expect.stringContaining('stealth_mode operation scrape'));
  });

  it('tells a rate-limited caller to wait', () => {
    const error = refusal(fetchedPage({ status: 429, body: ARTICLE_HTML }), EXTRACT_TEXT);
    expect(error.extra?.next_step).toMatch(/^Wait before retrying/);
  });

  it('keeps a 404 page with content an UPSTREAM_HTTP 404, never a wall', () => {
    const error = refusal(wallFixture('normal/not-found'), { tool: 'scrape', escalate: false });
    expect(error.code).toBe('UPSTREAM_HTTP');
    expect(error.status).toBe(404);
  });

  it('answers UPSTREAM_HTTP, not 415, for a binary error response', () => {
    const error = refusal(fetchedPage({ status: 403, kind: 'binary', body: '' }), EXTRACT_TEXT);
    expect(error.code).toBe('UPSTREAM_HTTP');
    expect(error.status).toBe(403);
  });
});

describe('assessFetchedPage: bodies it does not read', () => {
  it('refuses a binary with 415 and points at process_document', () => {
    const pdf = fetchedPage({ status: 200, kind: 'binary', headers: { 'content-type': 'application/pdf' } });
    const error = refusal(pdf, EXTRACT_TEXT);
    expect(error.code, describeError(error)).toBe('UNSUPPORTED_CONTENT_TYPE');
    expect(error.status).toBe(415);
    expect(error.extra).toEqual({ next_step: 'process_document', content_type: 'application/pdf' });
    expect(errorBody(error).error.next_step).toBe('process_document');
  });

  it('reports a missing content type as null', () => {
    const error = refusal(fetchedPage({ status: 200, kind: 'binary', headers: {} }), EXTRACT_TEXT);
    expect(error.extra).toEqual({ next_step: 'process_document', content_type: null });
  });
});

describe('assessFetchedPage: pages it reads', () => {
  it.each([
    'normal/contact-us',
    'normal/article-cloudflare-outage',
    'normal/cloudflare-served-product',
    'normal/react-streamed-article',
  ])('%s passes with no warning', (name) => {
    expect(assessFetchedPage(wallFixture(name), EXTRACT_TEXT)).toEqual({ warnings: [], rendered: true });
    expect(assessFetchedPage(wallFixture(name), ESCALATING)).toEqual({ warnings: [], rendered: true });
  });

  it('passes a JSON body with a warning', () => {
    const page = fetchedPage({
      status: 200,
      kind: 'json',
      headers: { 'content-type': 'application/json' },
      body: '{"items":[{"id":1,"name":"Burr Grinder 64"}]}',
    });
    expect(assessFetchedPage(page, EXTRACT_TEXT)).toEqual({ warnings: [JSON_BODY_WARNING], rendered: true });
  });

  it('passes plain text', () => {
    const page = fetchedPage({
      status: 200,
      kind: 'text',
      headers: { 'content-type': 'text/plain' },
      body: 'OK',
    });
    expect(assessFetchedPage(page, EXTRACT_TEXT)).toEqual({ warnings: [], rendered: true });
  });

  it.each([
    'client-rendered/react-shell',
    'client-rendered/angular-shell',
    'client-rendered/app-with-vendor-strings',
    'client-rendered/app-shell-custom-root',
  ])('%s passes with rendered: false and a warning, and is retried in a browser under escalate', (name) => {
    const expected = { warnings: [CLIENT_RENDERED_WARNING], rendered: false };
    expect(assessFetchedPage(wallFixture(name), EXTRACT_TEXT)).toEqual(expected);
    // docs/reference/pages.md#bot-walls-and-escalation lists the empty shell among the walls escalate retries; no backend yet, so 503.
    expect(() => assessFetchedPage(wallFixture(name), ESCALATING)).toThrow(
      expect.objectContaining({ code: 'TOOL_NOT_AVAILABLE', status: 503 }),
    );
  });
});

describe('assessFetchedPage: a forum thread served inside <noscript>', () => {
  it('is read as the page, not refused as an empty shell', () => {
    const page = wallFixture('normal/forum-thread-in-noscript');
    expect(assessFetchedPage(page, EXTRACT_TEXT)).toEqual({ warnings: [], rendered: true });
    expect(assessFetchedPage(page, { tool: 'scrape', escalate: true })).toEqual({
      warnings: [],
      rendered: true,
    });
  });
});
