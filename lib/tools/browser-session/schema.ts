import { z } from '@hono/zod-openapi';
import { actionsSchema } from '../../browser/page/action-schema.js';
import { viewportSchema } from '../../browser/stealth/stealth-config.js';
import { redactPiiSchema } from '../../extract/redact.js';
import { idField } from '../../id-format.js';
import { maxInlineChars, respectRobots } from '../shared/params.js';

/** browser_session's parameters (docs/reference/browsers.md#browser_session), each operation taking the ones it names. */

export const OPERATIONS = ['open', 'snapshot', 'act', 'read', 'screenshot', 'close', 'list'] as const;
export type Operation = (typeof OPERATIONS)[number];

export const READ_FORMATS = ['markdown', 'html', 'text', 'json'] as const;

const sessionFree = new Set<Operation>(['open', 'list']);

export const browserSessionSchema = z
  .object({
    operation: z.enum(OPERATIONS).openapi({
      description: 'open, snapshot, act, read, screenshot, close or list.',
      example: 'open',
    }),
    session_id: idField('bs', 'a sessionId from open').optional().openapi({
      description: 'The `sessionId` from `open`; required by every operation except open and list.',
      example: 'bs_01JD3W8Q4Z7K2M5N6P8R9S0T1V',
    }),
    url: z.string().max(8192).optional().openapi({
      description:
        'open: the page to load (absolute http(s)); it passes the SSRF guard and robots.txt before the browser starts. Ignored by the other operations.',
      example: 'https://example.com/login',
    }),
    stealth: z.boolean().default(false).openapi({
      description:
        'open: run the session in the stealth engine at level medium (renders JS; does not solve challenges). Fixed for the session.',
      example: false,
    }),
    ttl: z.number().int().min(30).max(3600).default(600).openapi({
      description: 'open: hard lifetime in seconds (30–3600); the session closes then whatever its activity.',
      example: 600,
    }),
    activity_ttl: z.number().int().min(10).max(3600).default(300).openapi({
      description:
        'open: idle seconds (10–3600) after which the session closes; every operation restarts this clock.',
      example: 300,
    }),
    viewport: viewportSchema.optional().openapi({ description: 'open: viewport; 1280×800 when omitted.' }),
    timeout: z.number().int().min(10000).max(120000).default(30000).openapi({
      description:
        'Milliseconds (10000–120000) for the first navigation on open and the action chain on act; keep within the ~25 s REST window.',
      example: 30000,
    }),
    respect_robots: respectRobots,
    interactive_only: z.boolean().default(true).openapi({
      description:
        'snapshot: only interactive elements; false also lists headings and landmarks (without refs).',
      example: true,
    }),
    max_nodes: z.number().int().min(1).max(1000).default(200).openapi({
      description:
        'snapshot: most lines returned (1–1000); `snapshot.truncated` is true when the cap was hit.',
      example: 200,
    }),
    actions: actionsSchema.optional(),
    continue_on_error: z.boolean().default(false).openapi({
      description: 'act: keep running after a failed action; the per-action results say which ran.',
      example: false,
    }),
    formats: z
      .array(z.enum(READ_FORMATS))
      .min(1)
      .max(READ_FORMATS.length)
      .default(['markdown'])
      .openapi({
        description:
          'read: markdown, html, text, json (title, metadata, structured data), from the live DOM.',
        example: ['markdown'],
      }),
    full_page: z
      .boolean()
      .default(false)
      .openapi({ description: 'screenshot: the whole page, not the viewport.' }),
    format: z.enum(['png', 'jpeg']).default('png').openapi({ description: 'screenshot: png or jpeg.' }),
    // Optional rather than defaulted, so that a quality sent with a PNG can be told apart and named in
    // warnings; the JPEG default of 80 is applied where the screenshot is taken.
    quality: z.number().int().min(0).max(100).optional().openapi({
      description: 'screenshot: JPEG quality 0–100 (default 80); a PNG ignores it.',
      default: 80,
    }),
    selector: z.string().min(1).max(2000).optional().openapi({
      description: 'screenshot: one element, by CSS selector or `@e<n>` ref.',
      example: '@e4',
    }),
    max_inline_chars: maxInlineChars.openapi({
      description:
        'snapshot, act, read: most characters of page content (content.markdown, content.text, content.html and snapshot trees) returned inline; more is stored for an hour and returned as a handle for read_result.',
    }),
    redact_pii: redactPiiSchema,
  })
  .superRefine((input, ctx) => {
    if (!sessionFree.has(input.operation) && input.session_id === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['session_id'],
        message: `session_id is required for ${input.operation}`,
      });
    }
    if (input.operation === 'open') {
      if (input.url === undefined) {
        ctx.addIssue({ code: 'custom', path: ['url'], message: 'url is required for open' });
      } else if (!isHttpUrl(input.url)) {
        ctx.addIssue({ code: 'custom', path: ['url'], message: 'must be an absolute http(s) URL' });
      }
    }
    if (input.operation === 'act' && input.actions === undefined) {
      ctx.addIssue({ code: 'custom', path: ['actions'], message: 'actions (1 to 20) are required for act' });
    }
  });

export type BrowserSessionInput = z.output<typeof browserSessionSchema>;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
