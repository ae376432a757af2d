import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ignoredKeyWarnings } from '../../lib/app/ignored-keys.js';
import { analyzeContentTool } from '../../lib/tools/analyze-content/index.js';
import { extractTextTool } from '../../lib/tools/extract-text/index.js';
import { generateLlmsTxtSchema } from '../../lib/tools/generate-llms-txt/schema.js';
import { tools } from '../../lib/tools/registry.js';
import { scrapeSchema } from '../../lib/tools/scrape/schema.js';
import { type Harness, startHarness } from '../support/harness.js';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({ tools: [extractTextTool, analyzeContentTool] });
});
afterAll(() => harness.close());

const HTML =
  '<html><body><article><h1>Tides</h1><p>High water at six, low water at noon.</p></article></body></html>';

describe('unknown request keys over HTTP', () => {
  it('are still accepted, and each is named in warnings with the key it was probably meant to be', async () => {
    const account = await harness.account({ credits: 10 });
    const res = await harness.tool('extract_text', { html: HTML, output_fromat: 'markdown' }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.credits_used).toBe(1);
    expect(res.body.warnings).toEqual([
      "Unknown parameter 'output_fromat' was ignored (did you mean 'output_format'?)",
    ]);
  });

  it('name a parameter another tool has but this one does not', async () => {
    const account = await harness.account({ credits: 10 });
    const res = await harness.tool(
      'analyze_content',
      { content: 'A short text about tides and water.', redact_pii: { mode: 'fast' } },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.warnings).toEqual(["Unknown parameter 'redact_pii' was ignored"]);
  });

  it('adds no warning when every key is known', async () => {
    const account = await harness.account({ credits: 10 });
    const res = await harness.tool(
      'analyze_content',
      { content: 'A short text about tides and water.' },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).not.toHaveProperty('warnings');
  });

  it('are not reported on a refused call, which carries its own error and is not charged', async () => {
    const account = await harness.account({ credits: 10 });
    const res = await harness.tool('extract_text', { output_fromat: 'markdown' }, account.key);
    expect(res.status).toBe(400);
    expect(await account.balance()).toBe(10);
  });
});

describe('ignoredKeyWarnings', () => {
  it('walks nested objects such as generate_llms_txt analysisOptions', () => {
    const warnings = ignoredKeyWarnings(generateLlmsTxtSchema, {
      url: 'https://example.com',
      analysisOptions: { maxDepth: 2, maxPagez: 40 },
    });
    expect(warnings).toEqual([
      "Unknown parameter 'analysisOptions.maxPagez' was ignored (did you mean 'maxPages'?)",
    ]);
  });

  it('checks an object inside a union against the member its type selects', () => {
    const warnings = ignoredKeyWarnings(scrapeSchema, {
      url: 'https://example.com',
      onlyMainConent: false,
      formats: ['markdown', { type: 'highlights', query: 'tides', max_highlight: 3 }],
    });
    expect(warnings).toEqual([
      "Unknown parameter 'onlyMainConent' was ignored (did you mean 'onlyMainContent'?)",
      "Unknown parameter 'formats[1].max_highlight' was ignored (did you mean 'max_highlights'?)",
    ]);
  });

  it("finds nothing in every tool's own example", () => {
    for (const tool of tools) {
      expect(ignoredKeyWarnings(tool.schema, tool.example), tool.name).toEqual([]);
    }
  });

  it('gives no guess when no known key is near', () => {
    expect(ignoredKeyWarnings(scrapeSchema, { url: 'https://example.com', zzzzzzzz: 1 })).toEqual([
      "Unknown parameter 'zzzzzzzz' was ignored",
    ]);
  });
});
