import { z } from '@hono/zod-openapi';
import { redactPiiSchema } from '../../extract/redact.js';
import { PAGE_FORMATS, type PageFormat } from '../../page-formats/render.js';
import {
  escalate,
  escalateEngine,
  fetchTimeout,
  httpUrl,
  maxInlineChars,
  respectRobots,
} from '../shared/params.js';

/** docs/reference/pages.md#limits. */
export const MAX_HIGHLIGHTS = 50;
export const DEFAULT_MAX_HIGHLIGHTS = 10;

const PASSAGE_TYPES = ['highlights', 'question'] as const;

const MODEL_MODE = "mode 'model' needs an LLM, which this service does not run; use mode 'extractive'";

/** Formats other services offer that cannot be produced by a plain fetch, each with where to go instead. */
const REFUSED_FORMATS = new Map<unknown, string>([
  ['screenshot', 'screenshot needs a browser: use browser_session or stealth_mode operation scrape'],
  [
    'json-schema',
    'json-schema extraction needs an LLM: use extract_with_llm with a schema, or scrape_structured with CSS selectors',
  ],
  [
    'json',
    'json extraction needs an LLM: use extract_with_llm with a schema, or scrape_structured with CSS selectors',
  ],
  ['changeTracking', 'change tracking is not a scrape format: use a monitor'],
]);

const mode = z.literal('extractive').default('extractive').openapi({
  description:
    '`extractive` only: passages are taken from the page as written. `model` is refused with 400: it needs an LLM.',
  example: 'extractive',
});

const highlightsFormat = z
  .object({
    type: z.literal('highlights'),
    query: z.string().trim().min(1, 'query must not be empty').max(500).openapi({
      description: 'Words to look for; stop words are ignored.',
      example: 'default read timeout',
    }),
    max_highlights: z
      .number()
      .int()
      .min(1, 'max_highlights is at least 1')
      .max(MAX_HIGHLIGHTS, `max_highlights is at most ${MAX_HIGHLIGHTS}`)
      .default(DEFAULT_MAX_HIGHLIGHTS)
      .openapi({ description: `Most passages returned (1–${MAX_HIGHLIGHTS}).`, example: 5 }),
    mode,
  })
  .openapi({
    description:
      'Adds `highlights`: the sentences, table rows and fenced code blocks of the markdown that best match ' +
      '`query`, best first, each `{text, kind, offset, length, score}`.',
  });

const questionFormat = z
  .object({
    type: z.literal('question'),
    question: z.string().trim().min(1, 'question must not be empty').max(1000).openapi({
      description: 'A question the page may answer.',
      example: 'What is the default read timeout?',
    }),
    mode,
  })
  .openapi({
    description:
      'Adds `answer {text, grounded, evidence}`: the passage of the markdown that best answers `question`.',
  });

export type HighlightsFormat = z.output<typeof highlightsFormat>;
export type QuestionFormat = z.output<typeof questionFormat>;
export type ScrapeFormat = PageFormat | HighlightsFormat | QuestionFormat;

/*
 * A union reports a bare "Invalid input" whenever more than one member fails outright, which is every
 * unknown string and every object with a wrong `type` or `mode`. `describeBadFormat` replaces that with
 * a message naming the problem; failures inside a matched object (a max_highlights of 51) still surface
 * with their own path.
 */
const formatItem = z
  .union([z.enum(PAGE_FORMATS), highlightsFormat, questionFormat], {
    error: (issue) => describeBadFormat(issue.input),
  })
  .openapi({
    description:
      `A name (${PAGE_FORMATS.join(', ')}) or an object {type: 'highlights', query, max_highlights?} or ` +
      "{type: 'question', question}. screenshot and json-schema are refused: they need a browser or an LLM.",
    example: 'markdown',
  });

export function describeBadFormat(input: unknown): string {
  if (typeof input === 'string') return REFUSED_FORMATS.get(input) ?? unknownFormat(quote(input));
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return `each format is a name such as 'markdown' or an object with a type; got ${quote(input)}`;
  }
  const { type, mode: requestedMode } = input as { type?: unknown; mode?: unknown };
  const refused = REFUSED_FORMATS.get(type);
  if (refused) return refused;
  if (typeof type === 'string' && (PAGE_FORMATS as readonly string[]).includes(type)) {
    return `write ${type} as the string '${type}', not an object`;
  }
  if (type !== 'highlights' && type !== 'question') return unknownFormat(`type ${quote(type)}`);
  if (requestedMode === 'model') return MODEL_MODE;
  const parsed = (type === 'highlights' ? highlightsFormat : questionFormat).safeParse(input);
  const first = parsed.error?.issues[0];
  if (!first) return `invalid ${type} format`;
  const field = first.path.map(String).join('.');
  if (field === 'mode') return `mode must be 'extractive'; got ${quote(requestedMode)}`;
  // zod 4 issues do not carry the input: read the value from what was sent, so "5" and 2.5 are not
  // reported as missing.
  const sent = (input as Record<string, unknown>)[field];
  if (sent === undefined) return `${type} needs ${field}`;
  if (field === 'max_highlights') {
    return `highlights max_highlights must be a whole number from 1 to ${MAX_HIGHLIGHTS}; got ${quote(sent)}`;
  }
  return `${type} ${field}: ${first.message}; got ${quote(sent)}`;
}

/** Echoes what was sent, cut short: a format is a word, and an error message is no place for a megabyte. */
function quote(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 60 ? `${json.slice(0, 57)}...` : json;
}

function unknownFormat(what: string): string {
  return (
    `unknown format ${what}; use one of ${PAGE_FORMATS.join(', ')}, ` +
    "{type: 'highlights', query} or {type: 'question', question}"
  );
}

export function formatName(format: ScrapeFormat): PageFormat | 'highlights' | 'question' {
  return typeof format === 'string' ? format : format.type;
}

const formats = z
  .array(formatItem)
  .min(1, 'formats needs at least one format')
  .max(PAGE_FORMATS.length + PASSAGE_TYPES.length)
  .default(['markdown'])
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((format, index) => {
      const name = formatName(format);
      if (seen.has(name)) {
        ctx.addIssue({ code: 'custom', path: [index], message: `formats lists ${name} more than once` });
      }
      seen.add(name);
    });
  })
  .openapi({
    description:
      `What to return, one key of \`formats\` per entry: ${PAGE_FORMATS.join(', ')}, and the objects ` +
      "{type: 'highlights', query, max_highlights (1–50, default 10)} and {type: 'question', question} " +
      "(mode 'extractive', +1 credit). Offsets of highlights and evidence index this call's markdown: send " +
      '`markdown` too to use them. `screenshot`, `json-schema` and mode `model` are refused with 400.',
    example: ['markdown', { type: 'highlights', query: 'default read timeout', max_highlights: 3 }],
  });

export const scrapeSchema = z.object({
  url: httpUrl('Page to scrape: an absolute http(s) URL.', 'https://docs.example.com/guides/timeouts'),
  formats,
  onlyMainContent: z
    .boolean()
    .default(true)
    .openapi({
      description:
        'true: markdown, html and text cover the article only (navigation, sidebars, footers and ads left ' +
        'out); false: the whole visible page. An empty markdown adds a warning. rawHtml, links and metadata ' +
        'always cover the whole page.',
      example: true,
    }),
  timeout: fetchTimeout({ default: 15000 }),
  escalate,
  escalate_engine: escalateEngine,
  respect_robots: respectRobots,
  max_inline_chars: maxInlineChars,
  redact_pii: redactPiiSchema,
});

export type ScrapeInput = z.output<typeof scrapeSchema>;

export function wantsPassages(input: Pick<ScrapeInput, 'formats'>): boolean {
  return input.formats.some((format) => typeof format !== 'string');
}
