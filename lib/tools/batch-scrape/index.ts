import { Deadline } from '../../crawl/deadline.js';
import type { RedactionBlock } from '../../extract/redact.js';
import { newId } from '../../ids.js';
import type { BatchResult } from '../../results/batch-result.js';
import { saveBatch } from '../../results/batches.js';
import { defineTool } from '../define.js';
import { fetchEnvironment } from '../shared/fetch-for-tool.js';
import { keptRedaction, redactIfRequested } from '../shared/redaction.js';
import { batchScrapeResult } from '../shared/result-schemas/batch-scrape.js';
import { attemptedCount, CREDITS_PER_URL } from './credits.js';
import { BATCH_BUDGET_MS, runBatch, URL_TIMEOUT_MS } from './run-batch.js';
import { type BatchScrapeInput, batchScrapeSchema } from './schema.js';

export interface BatchScrapeData {
  batch_id: string;
  total: number;
  succeeded: number;
  failed: number;
  skipped: number;
  results: BatchResult[];
  notes: string[];
  completed_at: string;
  /** When `get_batch_results` stops finding the batch (24 h). */
  expires_at: string;
  redaction?: RedactionBlock;
}

export const JAVASCRIPT_NOTE =
  'options.javascript_enabled is ignored: pages are read as served, without running their scripts';

export const batchScrapeTool = defineTool({
  name: 'batch_scrape',
  kind: 'sites',
  summary: 'Up to 50 pages in one synchronous call: title, text and template fields per URL.',
  description:
    "Fetches 1–50 URLs (concurrency 1–10) within a 20 s budget, 8 s per URL, honouring each host's robots.txt " +
    'Crawl-delay. Each result has the page title, up to 5,000 characters of its main text and, with an ' +
    '`extraction_template`, fields read by CSS selector. A URL that fails (HTTP error, bot wall, PDF or other ' +
    'binary, timeout) is `failed` inside the 200; one robots.txt disallows, or that the budget left unstarted, ' +
    'is `skipped`. Results are stored 24 hours and paged with get_batch_results.',
  price: (input: BatchScrapeInput) => CREDITS_PER_URL * input.urls.length,
  basePrice: CREDITS_PER_URL,
  pricingNotes: [
    `${CREDITS_PER_URL} credits per URL: ${CREDITS_PER_URL} × urls are held, ${CREDITS_PER_URL} per URL attempted are charged (failed URLs included, skipped URLs not).`,
  ],
  schema: batchScrapeSchema,
  result: batchScrapeResult,
  example: {
    urls: [
      { url: 'https://shop.example.com/products/1', id: 'p1' },
      { url: 'https://shop.example.com/products/2' },
    ],
    batch_config: { concurrency: 2 },
    extraction_template: {
      fields: [
        { name: 'price', selector: '.price' },
        { name: 'image', selector: 'img.product', attribute: 'src' },
      ],
    },
  },
  async run(ctx, input): Promise<{ data: BatchScrapeData; credits: number }> {
    const deadline = new Deadline(BATCH_BUDGET_MS);
    const notes: string[] = [];
    if (input.options?.javascript_enabled === true) notes.push(JAVASCRIPT_NOTE);
    const jobs = input.urls.map((entry, index) => ({ index, id: entry.id ?? String(index), url: entry.url }));
    const results = await runBatch(fetchEnvironment(ctx), jobs, {
      concurrency: input.batch_config.concurrency,
      respectRobots: input.respect_robots,
      template: input.extraction_template?.fields,
      deadline,
      onSkip: (result) => ctx.warn(`Skipped ${result.url}: ${result.error}`),
    });
    if (results.some((result) => result.error?.startsWith('not started'))) {
      notes.push(
        `The ${BATCH_BUDGET_MS / 1000} s batch budget ran out: URLs not started by then are skipped and not charged`,
      );
    }
    notes.push(
      `Each URL had at most ${URL_TIMEOUT_MS / 1000} s; results are kept 24 hours for get_batch_results`,
    );

    const completedAt = new Date();
    // Redaction runs before storing, so get_batch_results never serves what the caller asked to hide.
    const { value: redacted, redaction } = redactIfRequested(results, input.redact_pii);
    const batchId = newId('batch');
    const { expiresAt } = await saveBatch(ctx.services.db, {
      id: batchId,
      accountId: ctx.account.id,
      results: redacted,
      completedAt,
    });
    const count = (status: BatchResult['status']) => redacted.filter((r) => r.status === status).length;
    const data: BatchScrapeData = {
      batch_id: batchId,
      total: redacted.length,
      succeeded: count('success'),
      failed: count('failed'),
      skipped: count('skipped'),
      results: redacted,
      notes,
      completed_at: completedAt.toISOString(),
      expires_at: expiresAt.toISOString(),
      ...(redaction ? { redaction } : {}),
    };
    return { data, credits: CREDITS_PER_URL * attemptedCount(results) };
  },
  keepWhenStored: (data) => ({
    batch_id: data.batch_id,
    total: data.total,
    succeeded: data.succeeded,
    failed: data.failed,
    skipped: data.skipped,
    completed_at: data.completed_at,
    ...keptRedaction(data),
  }),
});
