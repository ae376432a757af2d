import { z } from '@hono/zod-openapi';
import { RENDERS_IN_BROWSER } from '../../browser/runtime.js';
import { ApiError, validationError } from '../../errors/api-error.js';
import {
  type EmbeddedState,
  type FoundSource,
  findEmbeddedState,
  findKeys,
  jsonBytes,
  type KeyMatch,
  keysOnly,
  MAX_MATCHES,
  PREVIEW_CHARS,
  parsePath,
  resolvePath,
  type Shape,
  SOURCE_NAMES,
} from '../../extract/embedded-state/index.js';
import {
  assessFetchedPage,
  CLIENT_RENDERED_WARNING,
  JSON_BODY_WARNING,
  type PageAssessment,
} from '../../fetch/assess-page.js';
import { type BotWall, UNKNOWN_VENDOR } from '../../fetch/bot-wall.js';
import type { FetchedPage } from '../../fetch/types.js';
import { defineTool } from '../define.js';
import type { StealthReport } from '../shared/escalation.js';
import { fetchForTool } from '../shared/fetch-for-tool.js';
import { chargeWithEscalation, ESCALATION_CREDITS, fetchTimeout } from '../shared/params.js';
import { extractEmbeddedStateResult } from './result-schema.js';

const BASE_PRICE = 2;

const schema = z
  .object({
    url: z.url({ protocol: /^https?$/, error: 'url must be an absolute http(s) URL' }).openapi({
      description: 'Page whose inline application state is read.',
      example: 'https://shop.example.com/products/trail-runner-4',
    }),
    path: z
      .string()
      .min(1)
      .max(2000)
      .superRefine((path, ctx) => {
        const parsed = parsePath(path);
        if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
      })
      .optional()
      .openapi({
        description:
          'Selects one value: the source name, then dotted keys and array indexes (`a.b.0.c` or `a.b[0].c`). ' +
          'No wildcards, filters or slices. A path that does not resolve answers 400 naming the keys available ' +
          'where it stopped, uncharged.',
        example: 'next_data.props.pageProps.product',
      }),
    user_agent: z.string().min(1).max(512).optional().openapi({
      description: 'Overrides the User-Agent sent to the target.',
      example:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    }),
    timeout: fetchTimeout({ max: 60000, default: 20000 }),
    keys_only: z
      .boolean()
      .default(false)
      .openapi({
        description:
          'Return `keys` (the shape two levels deep; leaves `object`, `array(<n>)`, `string`, `number`, `boolean`, ' +
          '`null`; arrays as `{length, first}`) instead of `data`.',
        example: false,
      }),
    find: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .openapi({
        description:
          `Return \`matches\`: every key whose name contains this text (case-insensitive) under \`path\`, in document ` +
          `order, each \`{path, preview}\` with a ${PREVIEW_CHARS}-character preview, at most ${MAX_MATCHES}, plus ` +
          '`matches_total` and `matches_truncated`. A match no path can name has `addressable: false`. ' +
          'Cannot be combined with `keys_only`.',
        example: 'price',
      }),
    raw: z.boolean().default(false).openapi({
      description: 'Also keep the undecoded devalue array of `__NUXT_DATA__` under `json_scripts`.',
      example: false,
    }),
    escalate: z
      .boolean()
      .default(false)
      .openapi({
        description:
          'On a bot wall, retry once through the stealth browser (+5 credits only when the render runs). ' +
          'The plain fetch always comes first.',
        example: false,
      }),
    escalate_engine: z.enum(['engine_a', 'engine_b']).default('engine_a').openapi({
      description: 'Browser engine for the escalated render; ignored unless escalating.',
      example: 'engine_a',
    }),
    wait_for: z.number().int().min(0).max(30000).optional().openapi({
      description: 'Extra milliseconds the escalated render waits before reading the page (0–30000).',
      example: 0,
    }),
    respect_robots: z.boolean().default(true).openapi({
      description:
        'Check robots.txt before fetching; false fetches anyway, adds a warning and records the override.',
      example: true,
    }),
    max_inline_chars: z
      .number()
      .int()
      .min(1000)
      .max(10_000_000)
      .default(40000)
      .openapi({
        description:
          'Results whose JSON is longer are stored for an hour and returned as a handle with `url`, `path`, ' +
          '`bytes`, `found` and `data_keys` kept beside it.',
        example: 40000,
      }),
  })
  .refine((input) => !(input.find !== undefined && input.keys_only), {
    message: 'find cannot be combined with keys_only',
    path: ['find'],
  });

type ExtractEmbeddedStateInput = z.output<typeof schema>;

export interface EmbeddedStateResult {
  url: string;
  found: FoundSource[];
  path: string | null;
  /** UTF-8 size of the JSON of the selected value (all sources, or the value at `path`). */
  bytes: number;
  data?: unknown;
  keys?: Shape;
  matches?: KeyMatch[];
  matches_total?: number;
  matches_truncated?: boolean;
  /** Present when `escalate` was sent. */
  escalated?: boolean;
  /** Present when the stealth render ran (docs/reference/pages.md#bot-walls-and-escalation). */
  stealth?: StealthReport;
  warnings: string[];
}

export const extractEmbeddedStateTool = defineTool({
  name: 'extract_embedded_state',
  kind: 'pages',
  summary: 'The application state a page ships inline (Next.js, Nuxt, SvelteKit, Redux, Apollo…), decoded.',
  description:
    'Fetches a page and decodes the state its framework embeds for hydration: `__NEXT_DATA__`, the Next.js ' +
    'app-router flight stream (`self.__next_f`), Nuxt 2 and 3 (devalue) payloads, SvelteKit data, YouTube ' +
    'initial data, Apollo caches and SSR transport, Redux and other `window.__*__` globals, Remix context, ' +
    'Inertia page objects, storefront analytics meta, JSON script tags and large JSON `data-*` attributes. ' +
    `Source names: ${SOURCE_NAMES.join(', ')}. No page code runs: scripts are parsed as text, and what ` +
    'cannot be read without running it is reported in `warnings`.',
  price: BASE_PRICE,
  holdCeiling: (input) => BASE_PRICE + (input.escalate ? ESCALATION_CREDITS : 0),
  basePrice: BASE_PRICE,
  pricingNotes: [
    `${BASE_PRICE} credits per call.`,
    `escalate: true holds ${BASE_PRICE + ESCALATION_CREDITS}; the +${ESCALATION_CREDITS} is charged only when the stealth render runs.`,
    'An unresolved path, a blocked page and every other error are uncharged.',
  ],
  schema,
  result: extractEmbeddedStateResult,
  example: {
    url: 'https://shop.example.com/products/trail-runner-4',
    path: 'next_data.props.pageProps',
    keys_only: true,
  },
  browser: RENDERS_IN_BROWSER,
  async run(ctx, input): Promise<{ data: EmbeddedStateResult; credits: number }> {
    const warnings: string[] = [];
    // The state is read once per page: the gate's judgement needs to know whether there is any.
    let read: { page: FetchedPage; state: EmbeddedState } | null = null;
    const stateOf = (page: FetchedPage): EmbeddedState => {
      if (read?.page !== page) {
        read = { page, state: findEmbeddedState(page.kind === 'json' ? '' : page.body, { raw: input.raw }) };
      }
      return read.state;
    };
    const {
      page,
      stealth,
      warnings: gateWarnings,
    } = await fetchForTool(ctx, input.url, {
      tool: 'extract_embedded_state',
      timeoutMs: input.timeout,
      respectRobots: input.respect_robots,
      userAgent: input.user_agent,
      escalate: input.escalate,
      escalateEngine: input.escalate_engine,
      waitForMs: input.wait_for,
      assess: (candidate, escalate) => assessPage(candidate, escalate, stateOf(candidate).found.length > 0),
      // docs/reference/pages.md#extract_embedded_state defines data.warnings as this tool's full list, so fetch warnings land there too.
      onFetchWarning: (message) => warnings.push(message),
    });
    const state = stateOf(page);
    warnings.push(...pageWarnings(gateWarnings, state.found.length > 0), ...state.warnings);

    const selected = select(state.data, input.path);
    const result: EmbeddedStateResult = {
      url: page.finalUrl,
      found: state.found,
      path: input.path ?? null,
      bytes: jsonBytes(selected),
      ...shapeOf(selected, input),
      // docs/reference/pages.md#bot-walls-and-escalation: a call that asked to escalate says whether it did, and what the render was when it ran.
      ...(input.escalate ? { escalated: stealth !== null } : {}),
      ...(stealth ? { stealth } : {}),
      warnings,
    };
    return { data: result, credits: chargeWithEscalation(BASE_PRICE, stealth !== null) };
  },
  keepWhenStored: (data) => ({
    url: data.url,
    path: data.path,
    bytes: data.bytes,
    found: data.found,
    data_keys: isRecord(data.data) ? Object.keys(data.data) : null,
  }),
});

/**
 * The shared gate calls a 2xx page with no visible text and no known app root an empty-shell
 * wall. A video watch page or a store built on a custom element shows no text without
 * JavaScript and renders everything from inline state: for this tool that state is the
 * content. So a generic (vendor unknown) wall on a 2xx page that carries state is let through;
 * a named vendor's challenge, a bare block status and a thin page without state still fail.
 */
function assessPage(page: FetchedPage, escalate: boolean, carriesState: boolean): PageAssessment {
  try {
    return assessFetchedPage(page, { tool: 'extract_embedded_state', escalate });
  } catch (error) {
    const success = page.status >= 200 && page.status <= 299;
    if (carriesState && success && isGenericWall(error)) return { warnings: [], rendered: false };
    throw error;
  }
}

function isGenericWall(error: unknown): boolean {
  const blocked = error instanceof ApiError ? (error.extra?.blocked as BotWall | undefined) : undefined;
  return blocked?.vendor === UNKNOWN_VENDOR;
}

/**
 * The gate's wording is written for text tools. A client-rendered shell is exactly where this
 * tool is useful when the shell carries state, so that warning is kept only when nothing was
 * found; a JSON body is named for what it means here.
 */
function pageWarnings(assessed: string[], foundAny: boolean): string[] {
  const out: string[] = [];
  for (const warning of assessed) {
    if (warning === JSON_BODY_WARNING)
      out.push('Response is JSON, not an HTML page: there is no embedded state to read');
    else if (warning !== CLIENT_RENDERED_WARNING || !foundAny) out.push(warning);
  }
  if (!foundAny) out.push('No embedded state found: the page carries none of the recognised sources');
  return out;
}

function select(data: unknown, path: string | undefined): unknown {
  if (path === undefined) return data;
  const resolved = resolvePath(data, path);
  if (!resolved.found)
    throw validationError(resolved.message, [{ field: 'path', message: resolved.message }]);
  return resolved.value;
}

function shapeOf(
  selected: unknown,
  input: ExtractEmbeddedStateInput,
): Pick<EmbeddedStateResult, 'data' | 'keys' | 'matches' | 'matches_total' | 'matches_truncated'> {
  if (input.keys_only) return { keys: keysOnly(selected) };
  if (input.find !== undefined) return findKeys(selected, input.find, input.path ?? '');
  return { data: selected };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
