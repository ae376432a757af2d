import { z } from '@hono/zod-openapi';
import { actionResult, snapshot } from '../shared/browser-result-parts.js';
import { redactionBlock } from '../shared/result-parts.js';

const clocks = {
  created_at: z.string(),
  expires_at: z.string(),
  idle_expires_at: z.string(),
};

const opened = z.object({
  sessionId: z.string(),
  url: z.string(),
  title: z.string(),
  status: z.number().int().nullable(),
  stealth: z.boolean(),
  engine: z.string(),
  viewport: z.object({ width: z.number().int(), height: z.number().int() }).nullable(),
  ...clocks,
  ttl: z.number().int().openapi({ description: 'Seconds the session lives at most.' }),
  activity_ttl: z.number().int().openapi({ description: 'Seconds of inactivity before it closes.' }),
});

const snapshotted = z.object({ sessionId: z.string(), url: z.string(), title: z.string(), snapshot });

const acted = z.object({
  sessionId: z.string(),
  url: z.string(),
  title: z.string(),
  results: z.array(actionResult),
  completed: z.boolean(),
  failed: z.number().int(),
});

const read = z.object({
  sessionId: z.string(),
  url: z.string(),
  title: z.string(),
  content: z
    .object({
      markdown: z.string().optional(),
      html: z.string().optional(),
      text: z.string().optional(),
      json: z.record(z.string(), z.unknown()).optional(),
    })
    .openapi({ description: 'One key per requested format.' }),
  redaction: redactionBlock.optional(),
});

const screenshot = z.object({
  sessionId: z.string(),
  url: z.string(),
  screenshot: z.string().openapi({ description: 'The resource URI of the image.' }),
  format: z.string(),
  full_page: z.boolean(),
  selector: z.string().nullable(),
  mime_type: z.string(),
  bytes: z.number().int(),
});

const closed = z.object({ sessionId: z.string(), closed: z.literal(true) });

const listed = z.object({
  sessions: z.array(
    z.object({ sessionId: z.string(), url: z.string().nullable(), stealth: z.boolean(), ...clocks }),
  ),
  count: z.number().int(),
});

export const browserSessionResult = z
  .union([opened, snapshotted, acted, read, screenshot, closed, listed])
  .openapi({
    description: 'What the `operation` answers: open, snapshot, act, read, screenshot, close or list.',
  });
