import { z } from '@hono/zod-openapi';
import { redactionBlock } from '../shared/result-parts.js';
import { pageFormatFields } from '../shared/result-schemas/scrape.js';

const scraped = z.object({
  url: z.string(),
  final_url: z.string(),
  title: z.string(),
  status: z.number().int(),
  engine: z.string(),
  level: z.string(),
  formats: z.object({ ...pageFormatFields, screenshot: z.string().optional() }),
  blocked: z
    .object({ vendor: z.string(), evidence: z.array(z.string()) })
    .optional()
    .openapi({ description: 'Set when the page is still a bot wall: stealth does not solve challenges.' }),
  scraped_at: z.string(),
  redaction: redactionBlock.optional(),
});

const configured = z.object({
  operation: z.literal('configure'),
  engine: z.string(),
  stealthConfig: z
    .record(z.string(), z.unknown())
    .openapi({ description: 'The resolved configuration, proxy credentials masked.' }),
  note: z.string(),
});

/** `scrape` and `configure` answer these; the context operations answer the browser host's own record. */
export const stealthModeResult = z.union([scraped, configured, z.record(z.string(), z.unknown())]).openapi({
  description: '`scrape`: the page; `configure`: the configuration; context operations: the host’s answer.',
});
