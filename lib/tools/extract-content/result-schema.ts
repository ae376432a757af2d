import { z } from '@hono/zod-openapi';
import { redactionBlock } from '../shared/result-parts.js';

export const extractContentResult = z.object({
  url: z.string(),
  content: z.string(),
  content_length: z.number().int().openapi({ description: 'Characters of `content` before redaction.' }),
  content_type: z.enum(['text', 'html']),
  title: z.string().nullable(),
  author: z.string().nullable(),
  publish_date: z.string().nullable(),
  images: z.array(z.string()),
  image_count: z.number().int(),
  links: z.array(z.object({ href: z.string(), text: z.string() })),
  link_count: z.number().int(),
  redaction: redactionBlock.optional(),
});
