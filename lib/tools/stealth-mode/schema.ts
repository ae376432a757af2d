import { z } from '@hono/zod-openapi';
import { stealthConfigSchema } from '../../browser/stealth/stealth-config.js';
import { redactPiiSchema } from '../../extract/redact.js';
import { idField } from '../../id-format.js';
import { maxInlineChars, respectRobots } from '../shared/params.js';

/** stealth_mode's parameters (docs/reference/browsers.md#stealth_mode). */

export const STEALTH_OPERATIONS = [
  'scrape',
  'configure',
  'create_context',
  'create_page',
  'get_stats',
  'cleanup',
] as const;
export const STEALTH_FORMATS = ['markdown', 'html', 'text', 'links', 'metadata', 'screenshot'] as const;

const httpUrl = (description: string) =>
  z
    .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' })
    .max(8192)
    .optional()
    .openapi({ description, example: 'https://example.com/pricing' });

export const stealthModeSchema = z
  .object({
    operation: z.enum(STEALTH_OPERATIONS).default('configure').openapi({
      description: 'scrape, configure, create_context, create_page, get_stats or cleanup.',
      example: 'scrape',
    }),
    stealthConfig: stealthConfigSchema.optional().openapi({
      description:
        'Stealth settings for this call only (nothing is stored): level, the randomisation switches, locale, timezone, viewport, your own proxy.',
    }),
    engine: z.enum(['engine_a', 'engine_b']).default('engine_a').openapi({
      description: 'engine_a (Chromium) or engine_b (Firefox-based; 503 where it is not installed).',
      example: 'engine_a',
    }),
    contextId: idField('ctx', 'a contextId from create_context').optional().openapi({
      description: 'create_page: the context from create_context.',
      example: 'ctx_01JD3W8Q4Z7K2M5N6P8R9S0T1V',
    }),
    urlToTest: httpUrl('create_page: the URL to open in the context; the page is closed on return.'),
    url: z.string().max(8192).optional().openapi({
      description: 'scrape: the page to load; ignored by the other operations.',
      example: 'https://example.com/pricing',
    }),
    formats: z
      .array(z.enum(STEALTH_FORMATS))
      .min(1)
      .max(STEALTH_FORMATS.length)
      .default(['markdown'])
      .openapi({
        description: 'scrape: markdown, html, text, links, metadata, screenshot (a resource URI).',
        example: ['markdown'],
      }),
    wait_for: z.number().int().min(0).max(30000).optional().openapi({
      description: 'Extra milliseconds to wait after the page loaded (0–30000).',
      example: 1000,
    }),
    verbose: z.boolean().default(false).openapi({
      description: 'create_context: return the full generated fingerprint, not its summary.',
      example: false,
    }),
    respect_robots: respectRobots,
    max_inline_chars: maxInlineChars.openapi({
      description: 'scrape only: largest result inline (JSON characters).',
    }),
    redact_pii: redactPiiSchema,
  })
  .superRefine((input, ctx) => {
    if (input.operation === 'scrape') {
      if (input.url === undefined)
        ctx.addIssue({ code: 'custom', path: ['url'], message: 'url is required for scrape' });
      else if (!isHttpUrl(input.url)) {
        ctx.addIssue({ code: 'custom', path: ['url'], message: 'must be an absolute http(s) URL' });
      }
    }
    if (input.operation === 'create_page') {
      if (input.contextId === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['contextId'],
          message: 'contextId is required for create_page',
        });
      }
      if (input.urlToTest === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['urlToTest'],
          message: 'urlToTest is required for create_page',
        });
      }
    }
    if (input.engine === 'engine_b' && input.stealthConfig?.proxyRotation?.enabled) {
      ctx.addIssue({
        code: 'custom',
        path: ['stealthConfig', 'proxyRotation'],
        message: 'per-call proxyRotation is refused on engine_b',
      });
    }
  });

export type StealthModeInput = z.output<typeof stealthModeSchema>;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
