import { expect } from 'vitest';
import type { AnyToolSchema, ToolDefinition } from '../../lib/tools/define.js';
import type { CallResult } from './harness.js';

/** How the guarded fetch every URL tool shares answers a page it will not or cannot read (docs/reference/README.md#errors-every-tool-can-answer). */
const FETCH_REFUSALS = {
  /** robots.txt disallows the path for the service token. */
  robots: { status: 403, error: { code: 'ROBOTS_DISALLOWED' } },
  /** The target answered 404: passed through, not turned into a 502. */
  missing: { status: 404, error: { code: 'UPSTREAM_HTTP', message: 'Target answered HTTP 404' } },
  /** The page outlasted `timeout` (or the tool's fixed budget). */
  timeout: { status: 504, error: { code: 'FETCH_TIMEOUT' } },
  /** A PDF or other binary: the document tool reads those. */
  binary: { status: 415, error: { code: 'UNSUPPORTED_CONTENT_TYPE', next_step: 'process_document' } },
} as const;

/** Asserts one of the shared fetch refusals, showing the response when the status is wrong. */
export function expectFetchRefused(res: CallResult, refusal: keyof typeof FETCH_REFUSALS): void {
  const expected = FETCH_REFUSALS[refusal];
  expect(res.status, JSON.stringify(res.body)).toBe(expected.status);
  expect(res.body.error).toMatchObject(expected.error);
}

/** extract_text and extract_links: 1 credit, and a +5 hold under escalate only when a url is fetched. */
export function expectUrlEscalationPricing(tool: ToolDefinition<AnyToolSchema>): void {
  const ceiling = tool.holdCeiling as (input: { escalate: boolean; html?: string }) => number;
  expect(tool.basePrice).toBe(1);
  expect(tool.price).toBe(1);
  expect(ceiling({ escalate: false })).toBe(1);
  expect(ceiling({ escalate: true })).toBe(6);
  expect(ceiling({ escalate: true, html: '<p>x</p>' })).toBe(1);
}

/** `respect_robots: false` fetched a page robots.txt disallows, and the envelope warns of it. */
export function expectRobotsOverridden(res: CallResult): void {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.warnings).toEqual([expect.stringContaining('robots.txt disallows')]);
}
