import { z } from '@hono/zod-openapi';

/**
 * Page actions (docs/reference/browsers.md#browser_session `act`): `wait`, `click`, `type`, `press`, `scroll`, `screenshot`,
 * `select`, `hover`, `navigate`, `snapshot`. Fields beyond `selector`, `text` and `duration` are not
 * shown in the spec; they follow Playwright's and the scraping APIs' names. scrape_with_actions
 * takes the same list. Running page JavaScript is refused: no action type does it.
 */

export const MAX_ACTIONS = 20;

const selector = z.string().min(1).max(2000).openapi({
  description: 'CSS selector (first match), or an `@e<n>` ref from the last snapshot.',
  example: '@e3',
});

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' })
  .max(8192)
  .openapi({
    description: 'Where to go; the SSRF guard and robots.txt apply.',
    example: 'https://example.com/next',
  });

const waitAction = z
  .object({
    type: z.literal('wait'),
    duration: z.number().int().min(0).max(30000).optional().openapi({
      description: 'Milliseconds to wait (0–30000).',
      example: 500,
    }),
    selector: selector.optional().openapi({ description: 'Wait until this element is visible instead.' }),
  })
  .strict()
  .refine((action) => action.duration !== undefined || action.selector !== undefined, {
    message: 'wait needs duration or selector',
    path: ['duration'],
  });

const clickAction = z
  .object({
    type: z.literal('click'),
    selector,
    button: z.enum(['left', 'right', 'middle']).default('left'),
    click_count: z.number().int().min(1).max(3).default(1),
  })
  .strict();

const typeAction = z
  .object({
    type: z.literal('type'),
    selector,
    text: z.string().max(10000).openapi({ description: 'Text to enter.', example: 'hello' }),
    clear: z.boolean().default(true).openapi({ description: 'Replace the field’s value (false appends).' }),
    submit: z.boolean().default(false).openapi({ description: 'Press Enter afterwards.' }),
  })
  .strict();

const pressAction = z
  .object({
    type: z.literal('press'),
    key: z
      .string()
      .min(1)
      .max(50)
      .openapi({ description: 'Key or chord, e.g. `Enter`, `Control+A`.', example: 'Enter' }),
    selector: selector.optional().openapi({ description: 'Focus this element first.' }),
  })
  .strict();

const scrollAction = z
  .object({
    type: z.literal('scroll'),
    direction: z.enum(['down', 'up', 'left', 'right']).default('down'),
    amount: z.number().int().min(1).max(50000).optional().openapi({
      description: 'Pixels; defaults to one viewport.',
    }),
    selector: selector.optional().openapi({ description: 'Scroll this element into view instead.' }),
  })
  .strict();

const screenshotAction = z
  .object({
    type: z.literal('screenshot'),
    full_page: z.boolean().default(false),
    selector: selector.optional(),
    format: z.enum(['png', 'jpeg']).default('png'),
    quality: z.number().int().min(0).max(100).default(80),
  })
  .strict();

const selectAction = z
  .object({
    type: z.literal('select'),
    selector,
    value: z
      .union([z.string(), z.array(z.string()).min(1).max(100)])
      .optional()
      .openapi({ description: 'Option value(s) to select.' }),
    label: z.string().optional().openapi({ description: 'Option text to select, instead of `value`.' }),
  })
  .strict()
  .refine((action) => action.value !== undefined || action.label !== undefined, {
    message: 'select needs value or label',
    path: ['value'],
  });

const hoverAction = z.object({ type: z.literal('hover'), selector }).strict();

const navigateAction = z.object({ type: z.literal('navigate'), url: httpUrl }).strict();

const snapshotAction = z
  .object({
    type: z.literal('snapshot'),
    interactive_only: z.boolean().default(true),
    max_nodes: z.number().int().min(1).max(1000).default(200),
  })
  .strict();

const REFUSED_TYPES = new Set(['executeJavaScript', 'executeJavascript', 'evaluate', 'script']);

export const actionSchema = z
  .discriminatedUnion(
    'type',
    [
      waitAction,
      clickAction,
      typeAction,
      pressAction,
      scrollAction,
      screenshotAction,
      selectAction,
      hoverAction,
      navigateAction,
      snapshotAction,
    ],
    {
      error: (issue) => {
        const type = (issue.input as { type?: unknown } | undefined)?.type;
        return typeof type === 'string' && REFUSED_TYPES.has(type)
          ? `${type} is refused: browser actions cannot run page JavaScript`
          : undefined;
      },
    },
  )
  .openapi({
    description:
      'One action: `wait` (duration or selector), `click`, `type` (text), `press` (key), `scroll`, `screenshot`, ' +
      '`select`, `hover`, `navigate` (url), `snapshot`. executeJavaScript is refused.',
    example: { type: 'click', selector: '@e3' },
  });

export type PageAction = z.output<typeof actionSchema>;

export const actionsSchema = z
  .array(actionSchema)
  .min(1)
  .max(MAX_ACTIONS)
  .openapi({
    description: `1 to ${MAX_ACTIONS} actions, run in order.`,
    example: [
      { type: 'type', selector: '#q', text: 'laptops' },
      { type: 'press', key: 'Enter' },
      { type: 'wait', duration: 1000 },
    ],
  });
