import { z } from '@hono/zod-openapi';

/**
 * The parameters of docs/reference/README.md#common-parameters that many tools share, declared once so that their
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

/** `timeout` in milliseconds: 1–30 s unless the tool's section sets other bounds; the default is each tool's own. */
export function fetchTimeout(bounds: { default: number; min?: number; max?: number }) {
  const { min = 1000, max = 30000 } = bounds;
  return z
    .number()
    .int()
    .min(min)
    .max(max)
    .default(bounds.default)
    .openapi({
      description: `Fetch timeout in milliseconds (${min}–${max}).`,
      example: bounds.default,
    });
}

/** `html` of the page tools: markup read in place of a fetched page. */
export function suppliedHtml(description: string, example: string) {
  return z.string().min(1, 'html must not be empty').optional().openapi({ description, example });
}

/**
 * `url` and `content` of the text tools, where `url` wins when both are sent. Each tool names what
 * it does with them; what is said about choosing between the two is the same for all.
 */
export function urlOrContent(described: { url: string; content: string; contentExample: string }) {
  return {
    url: httpUrl(
      `${described.url} One of \`url\` or \`content\` is required; \`url\` wins when both are sent.`,
      'https://example.com/blog/launch',
    ).optional(),
    content: z
      .string()
      .min(1, 'content must not be empty')
      .optional()
      .openapi({
        description: `${described.content} Ignored when \`url\` is also sent.`,
        example: described.contentExample,
      }),
  };
}

/**
 * The refinement of a schema that takes `url` or another input, for `.refine(...requireOneOf(a, b))`.
 * The message names the two in the order given; the issue is reported on `url`.
 */
export function requireOneOf(
  ...names: ['url', string] | [string, 'url']
): [check: (input: Record<string, unknown>) => boolean, params: { message: string; path: string[] }] {
  const [first, second] = names;
  return [
    (input) => input[first] !== undefined || input[second] !== undefined,
    { message: `one of ${first} or ${second} is required`, path: ['url'] },
  ];
}

/** The +5 of docs/reference/pages.md#bot-walls-and-escalation: held when escalation is asked for, kept only when a render ran. */
export const ESCALATION_CREDITS = 5;

/** The charge of a call that may have escalated: `price`, plus the +5 only when a render ran. */
export function chargeWithEscalation(price: number, escalated: boolean): number {
  return price + (escalated ? ESCALATION_CREDITS : 0);
}

/**
 * The hold of a tool that takes `html` or `url`: `escalate` adds the +5 for a `url` only, since
 * `html` is never fetched and so never rendered. `pricingNotes` says it in words.
 */
export function urlEscalationHold(price: number) {
  return {
    holdCeiling: (input: { escalate: boolean; html?: string }) =>
      price + (input.escalate && input.html === undefined ? ESCALATION_CREDITS : 0),
    note: `escalate: true with \`url\` holds ${price + ESCALATION_CREDITS}; the +${ESCALATION_CREDITS} is charged only when the stealth render runs. \`html\` input is never fetched, so it holds ${price}.`,
  };
}
