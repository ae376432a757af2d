import { z } from '@hono/zod-openapi';
import { ApiError } from '../../errors/api-error.js';
import { notConfigured } from '../../providers/configured/not-configured.js';
import { SERP_VARIABLES, serpProvider } from '../../providers/configured/serp.js';
import { providerApiError } from '../../providers/http/api-error.js';
import { ProviderError } from '../../providers/http/provider-error.js';
import { providerTimeout } from '../../providers/http/provider-request.js';
import type { SerpAnswer } from '../../providers/kinds/serp.js';
import { hostMatches, targetHost } from '../../search/target-host.js';
import { defineTool } from '../define.js';
import { serpRankResult } from './result-schema.js';

/** DataForSEO answers a live SERP in about 6 s, deep ones slower; the function window is ~30 s. */
const SERP_TIMEOUT_MS = 20_000;

const schema = z.object({
  keyword: z.string().trim().min(1, 'keyword is required').max(700).openapi({
    description: 'The search to check, as a user would type it.',
    example: 'project management software',
  }),
  target: z
    .string()
    .trim()
    .min(1, 'target is required')
    .max(2048)
    .refine((value) => targetHost(value) !== null, 'must be a domain such as example.com, or a URL')
    .openapi({
      description:
        'Domain or URL whose rank to find. Matched by host, subdomains included: `example.com` matches ' +
        '`www.example.com` and `blog.example.com`, never `notexample.com`.',
      example: 'example.com',
    }),
  depth: z.number().int().min(10).max(200).default(30).openapi({
    description: 'How many organic results to scan (10–200).',
    example: 30,
  }),
  device: z
    .enum(['desktop', 'mobile'])
    .default('desktop')
    .openapi({ description: 'Device the SERP is taken on.', example: 'desktop' }),
  location_name: z.string().trim().min(1).max(200).default('United States').openapi({
    description: 'Location of the search, by name as Google names it (`London,England,United Kingdom`).',
    example: 'United States',
  }),
  location_code: z.number().int().positive().optional().openapi({
    description: 'Location by Google Ads criterion id (2840 = United States); wins over `location_name`.',
    example: 2840,
  }),
  language_code: z
    .string()
    .trim()
    .min(2)
    .max(10)
    .default('en')
    .openapi({ description: 'Language of the search.', example: 'en' }),
});

export interface SerpRankData {
  keyword: string;
  target: string;
  location: string | number;
  language: string;
  device: 'desktop' | 'mobile';
  depth: number;
  found: boolean;
  rank: number | null;
  url: string | null;
  all_positions: number[];
  matches: { position: number; url: string; title: string }[];
  results_scanned: number;
  se_results_count: number | null;
  check_url: string | null;
  checked_at: string;
}

export const serpRankTool = defineTool({
  name: 'serp_rank',
  kind: 'providers',
  summary:
    "Where a domain ranks in Google's organic results for a keyword, by location, language and device.",
  description:
    'Takes a live Google organic SERP through DataForSEO and finds the target among the first `depth` organic ' +
    'results (ads, featured snippets and answer boxes are not counted): `rank` is the best organic position or ' +
    `null, \`all_positions\` every position the target holds. Needs ${SERP_VARIABLES}; without them it answers ` +
    '503 TOOL_NOT_AVAILABLE, uncharged. Provider quota: 429; provider timeout: 504; provider unavailable: 502/503.',
  price: 5,
  basePrice: 5,
  schema,
  result: serpRankResult,
  example: { keyword: 'project management software', target: 'example.com', depth: 30 },
  async run(ctx, input): Promise<{ data: SerpRankData }> {
    const provider = serpProvider(ctx.services.config);
    if (!provider) throw notConfigured('serp_rank', 'a SERP provider', SERP_VARIABLES);
    const host = targetHost(input.target) as string;
    let answer: SerpAnswer;
    try {
      answer = await provider.organicResults(
        {
          keyword: input.keyword,
          locationName: input.location_code === undefined ? input.location_name : undefined,
          locationCode: input.location_code,
          languageCode: input.language_code,
          device: input.device,
          depth: input.depth,
        },
        {
          signal: ctx.signal,
          timeoutMs: providerTimeout(SERP_TIMEOUT_MS, ctx.services.config.PROVIDER_TIMEOUT_MS),
        },
      );
    } catch (error) {
      throw callerFieldError(error) ?? providerApiError(error, { tool: 'serp_rank', what: 'SERP provider' });
    }
    const scanned = answer.organic.filter((item) => item.position <= input.depth);
    const matches = scanned
      .filter((item) => hostMatches(item.url, host))
      .map((item) => ({ position: item.position, url: item.url, title: item.title }));
    const best = matches[0] ?? null;
    return {
      data: {
        keyword: input.keyword,
        target: input.target,
        location: input.location_code ?? input.location_name,
        language: input.language_code,
        device: input.device,
        depth: input.depth,
        found: best !== null,
        rank: best?.position ?? null,
        url: best?.url ?? null,
        all_positions: matches.map((match) => match.position),
        matches,
        results_scanned: scanned.length,
        se_results_count: answer.seResultsCount,
        check_url: answer.checkUrl,
        checked_at: new Date().toISOString(),
      },
    };
  },
});

const CALLER_FIELDS = new Set(['location_name', 'location_code', 'language_code', 'keyword']);

/** The provider refusing a location or language the caller chose is the caller's 400, not our 502. */
function callerFieldError(error: unknown): ApiError | null {
  if (
    !(error instanceof ProviderError) ||
    error.kind !== 'rejected' ||
    !error.field ||
    !CALLER_FIELDS.has(error.field)
  ) {
    return null;
  }
  return new ApiError('VALIDATION_ERROR', `The SERP provider does not know this ${error.field}.`, {
    details: [{ field: error.field, message: `not accepted by the SERP provider (${error.provider})` }],
  });
}
