import { z } from '@hono/zod-openapi';

/**
 * The parameters of document 2 §4.0 that many tools share, declared once so that their
 * defaults, bounds and descriptions cannot drift between tools.
 */

/** `z.url()` alone accepts `javascript:` and `file:`; every fetch tool takes http(s) only. */
export function httpUrl(description: string, example = 'https://example.com/article') {
  return z
    .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' })
    .max(8192)
    .openapi({ description, example });
}

export const respectRobots = z.boolean().default(true).openapi({
  description:
    'Check robots.txt for the service token before fetching (403, uncharged, when disallowed). false fetches anyway, adds a `warnings` entry and records the override against the API key.',
  example: true,
});

export const maxInlineChars = z.number().int().min(1_000).max(10_000_000).default(40_000).openapi({
  description:
    'Largest result, in characters of JSON, returned inline. A larger one is stored for 1 hour and answered with `preview`, `result_handle`, `total_chars`, `truncated`, `expires_at`; read it with read_result.',
  example: 40_000,
});

export const escalate = z.boolean().default(false).openapi({
  description:
    'On a bot wall, retry once through the stealth browser; +5 credits only when the render runs. The plain fetch always comes first; 404, 5xx, binaries and open Retry-After windows never escalate.',
  example: false,
});

export const escalateEngine = z.enum(['engine_a', 'engine_b']).default('engine_a').openapi({
  description:
    'Browser engine of the escalated render (`engine_b` is Firefox-based); ignored unless escalating.',
  example: 'engine_a',
});

export function fetchTimeout(bounds: { min: number; max: number; default: number }) {
  return z
    .number()
    .int()
    .min(bounds.min)
    .max(bounds.max)
    .default(bounds.default)
    .openapi({
      description: `Fetch timeout in milliseconds (${bounds.min}–${bounds.max}).`,
      example: bounds.default,
    });
}

/** The +5 of §4.0: held when escalation is asked for, kept only when a render ran. */
export const ESCALATION_CREDITS = 5;
