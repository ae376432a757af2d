import { z } from '@hono/zod-openapi';

/** Parts of the browser tools' results, in zod for their result schemas. */

export const snapshot = z
  .object({
    tree: z.string(),
    nodes: z.number().int().openapi({ description: 'Lines in `tree`.' }),
    refs: z.number().int().openapi({ description: '`@e<n>` refs handed out: 1..refs.' }),
    truncated: z.boolean(),
  })
  .openapi({ description: 'The accessibility tree with `@e<n>` refs to act on.' });

export const actionResult = z.object({
  index: z.number().int(),
  type: z.string(),
  status: z.enum(['ok', 'failed', 'skipped']),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  screenshot: z.string().optional().openapi({ description: '`screenshot`: the resource URI.' }),
  snapshot: snapshot.optional(),
  url: z.string().optional().openapi({ description: 'Where the page is after a `navigate`.' }),
  status_code: z.number().int().optional(),
});
