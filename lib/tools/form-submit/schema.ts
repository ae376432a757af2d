import { z } from '@hono/zod-openapi';
import { httpUrl, respectRobots } from '../shared/params.js';

/** form_submit's parameters (docs/reference/browsers.md#form_submit); `timeout`, `filename` and `mime_type` are ours. */

export const FIELD_TYPES = [
  'text',
  'email',
  'password',
  'number',
  'select',
  'checkbox',
  'radio',
  'textarea',
  'file',
] as const;

const fieldSchema = z
  .object({
    selector: z.string().min(1).max(2000).openapi({
      description: 'CSS selector of the field; for a radio group, of the group (e.g. `input[name=plan]`).',
      example: '#email',
    }),
    value: z
      .union([z.string().max(6_000_000), z.number(), z.boolean(), z.array(z.string().max(1000)).max(100)])
      .openapi({
        description:
          'The value: text for text-like fields, true/false for a checkbox, the value of the radio to pick, an option value or label (or a list, for a multiple select), base64 content (or a data: URL) for a file.',
        example: 'ada@example.com',
      }),
    type: z.enum(FIELD_TYPES).default('text').openapi({
      description: 'text, email, password, number, select, checkbox, radio, textarea or file.',
      example: 'email',
    }),
    filename: z
      .string()
      .min(1)
      .max(255)
      .optional()
      .openapi({ description: 'file: the name the upload carries.' }),
    mime_type: z
      .string()
      .regex(/^[\w.+-]+\/[\w.+-]+$/, 'must be a MIME type such as text/plain')
      .optional()
      .openapi({
        description: 'file: its type; from the data: URL, else application/octet-stream.',
        example: 'text/plain',
      }),
  })
  .strict();

export type FormField = z.output<typeof fieldSchema>;

export const formSubmitSchema = z.object({
  url: httpUrl(
    'The page with the form; the SSRF guard and robots.txt apply to it and to where the form leads.',
  ),
  fields: z
    .array(fieldSchema)
    .max(100)
    .openapi({
      description: 'The fields to fill, in order: `{selector, value, type}`.',
      example: [
        { selector: '#email', value: 'ada@example.com', type: 'email' },
        { selector: '#terms', value: true, type: 'checkbox' },
      ],
    }),
  submitSelector: z.string().min(1).max(2000).optional().openapi({
    description:
      'The button to press; found in the form when omitted (its submit button, else its first button).',
    example: 'button[type=submit]',
  }),
  waitForNavigation: z.boolean().default(true).openapi({
    description:
      'Wait for the page the submission leads to (or, for a script-driven form, for the network to settle).',
    example: true,
  }),
  captureResponse: z.boolean().default(true).openapi({
    description: 'Return the text of the page after submitting as `responseContent`.',
    example: true,
  }),
  timeout: z.number().int().min(5000).max(60000).default(30000).openapi({
    description: 'Milliseconds (5000–60000) for loading the form page and for the submission each.',
    example: 30000,
  }),
  respect_robots: respectRobots,
});

export type FormSubmitInput = z.output<typeof formSubmitSchema>;
