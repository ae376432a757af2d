import { z } from '@hono/zod-openapi';
import { redactPiiSchema } from '../../extract/redact.js';
import { assertValidSelector, SelectorError } from '../../extract/selector.js';
import { httpUrl, maxInlineChars, respectRobots } from '../shared/params.js';

/** docs/reference/sites-batches-documents.md#batch_scrape and docs/reference/sites-batches-documents.md#limits. */
export const MAX_BATCH_URLS = 50;
export const DEFAULT_CONCURRENCY = 5;
export const MAX_TEMPLATE_FIELDS = 50;

/** XPath is not CSS: such a field is answered null with a note rather than refusing the batch. */
export function looksLikeXPath(selector: string): boolean {
  return /^\s*(xpath:|\.?\/|\()/i.test(selector);
}

const urlEntry = z.object({
  url: httpUrl('Page to scrape: an absolute http(s) URL.', 'https://example.com/products/1'),
  id: z.string().min(1).max(200).optional().openapi({
    description: "Your name for this URL, echoed as the result's `id` (default: its index in `urls`).",
    example: 'product-1',
  }),
});

const templateField = z.object({
  name: z
    .string()
    .min(1)
    .max(100)
    .openapi({ description: 'Key of the value in `fields`.', example: 'price' }),
  selector: z.string().min(1).max(1000).openapi({
    description:
      'CSS selector; the first match is read. XPath is unsupported (the field is null with a note).',
    example: '.price',
  }),
  attribute: z.string().min(1).max(100).optional().openapi({
    description:
      'Read this attribute of the match instead of its text (`href` and `src` come back absolute).',
    example: 'content',
  }),
});

const extractionTemplate = z
  .object({
    fields: z
      .array(templateField)
      .min(1, 'fields needs at least one field')
      .max(MAX_TEMPLATE_FIELDS, `at most ${MAX_TEMPLATE_FIELDS} fields`),
  })
  .superRefine((template, ctx) => {
    const names = new Set<string>();
    template.fields.forEach((field, index) => {
      if (names.has(field.name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['fields', index, 'name'],
          message: `field ${field.name} appears twice`,
        });
      }
      names.add(field.name);
      if (looksLikeXPath(field.selector)) return;
      try {
        assertValidSelector(field.selector);
      } catch (error) {
        if (!(error instanceof SelectorError)) throw error;
        ctx.addIssue({
          code: 'custom',
          path: ['fields', index, 'selector'],
          message: `invalid CSS selector: ${field.selector}`,
        });
      }
    });
  })
  .openapi({
    description:
      'Fields read from every page by CSS selector: `fields` maps each name to the first match (its text, or ' +
      '`attribute`), null when nothing matched; `field_notes` says why.',
  });

export const batchScrapeSchema = z.object({
  urls: z
    .array(urlEntry)
    .min(1, 'urls needs at least one entry')
    .max(MAX_BATCH_URLS, `at most ${MAX_BATCH_URLS} URLs per batch`)
    .openapi({
      description: `1 to ${MAX_BATCH_URLS} entries \`{url, id?}\`, scraped in one synchronous call.`,
    }),
  batch_config: z
    .object({
      concurrency: z
        .number()
        .int()
        .min(1)
        .max(10)
        .default(DEFAULT_CONCURRENCY)
        .openapi({
          description: `URLs fetched at once (1–10, default ${DEFAULT_CONCURRENCY}); a host's robots.txt Crawl-delay still spaces its own requests.`,
          example: 5,
        }),
    })
    .default({ concurrency: DEFAULT_CONCURRENCY })
    .openapi({ description: 'How the batch runs. Other keys are ignored.' }),
  extraction_template: extractionTemplate.optional(),
  output_config: z
    .record(z.string(), z.unknown())
    .optional()
    .openapi({ description: 'Accepted and ignored.' }),
  options: z.looseObject({ javascript_enabled: z.boolean().optional() }).optional().openapi({
    description:
      'Accepted and ignored; `javascript_enabled: true` adds a note (pages are read without running scripts).',
  }),
  respect_robots: respectRobots.openapi({
    description:
      'Skip URLs robots.txt disallows for the service token (status `skipped`, a warning, uncharged). false fetches them anyway, with a warning, and records the override against the key.',
    example: true,
  }),
  max_inline_chars: maxInlineChars,
  redact_pii: redactPiiSchema,
});

export type BatchScrapeInput = z.output<typeof batchScrapeSchema>;
export type TemplateField = z.output<typeof templateField>;
