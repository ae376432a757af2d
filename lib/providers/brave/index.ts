import {
  kindOfStatus,
  ProviderError,
  type ProviderFailureKind,
  scrubSecrets,
} from '../http/provider-error.js';
import { endpoint, providerRequest, retryAfterHeader } from '../http/provider-request.js';
import type { CallOptions } from '../kinds/call-options.js';
import { fragmentHtml, fragmentText } from '../kinds/html-text.js';
import type {
  TimeRange,
  WebSearchHit,
  WebSearchPage,
  WebSearchProvider,
  WebSearchRequest,
} from '../kinds/web-search.js';

const PROVIDER = 'Brave Search';
/** Brave's largest `count`; `offset` counts pages of `count`, 0 to 9. */
const PAGE_SIZE = 20;

/**
 * Brave Search API web search (`GET /res/v1/web/search`, key in `X-Subscription-Token`).
 * Descriptions carry `<strong>` highlights (text_decorations, on by default) and HTML entities.
 */
interface BraveResult {
  title?: string;
  url?: string;
  description?: string;
  thumbnail?: { src?: string };
}

interface BraveAnswer {
  type?: string;
  query?: { original?: string; altered?: string; more_results_available?: boolean };
  web?: { results?: BraveResult[] };
}

interface BraveError {
  type?: 'ErrorResponse';
  error?: { id?: string; status?: number; code?: string; detail?: string };
}

const FRESHNESS: Record<Exclude<TimeRange, 'all'>, string> = {
  day: 'pd',
  week: 'pw',
  month: 'pm',
  year: 'py',
};

/** ISO 639-1 codes Brave spells its own way; a code Brave lacks is left out rather than refused. */
const BRAVE_LANGUAGE: Record<string, string> = { ja: 'jp', zh: 'zh-hans', pt: 'pt-pt', no: 'nb', nn: 'nb' };
const BRAVE_LANGUAGES = new Set(
  'ar eu bn bg ca zh-hans zh-hant hr cs da nl en en-gb et fi fr gl de gu he hi hu is it jp kn ko lv lt ms ml mr nb pl pt-br pt-pt pa ro ru sr sk sl es sv ta te th tr uk vi'.split(
    ' ',
  ),
);

export function braveProvider(baseUrl: string, apiKey: string): WebSearchProvider {
  return {
    name: 'brave',
    pageSize: PAGE_SIZE,
    maxPages: 10,
    paidPages: true,
    async searchPage(request: WebSearchRequest, options: CallOptions): Promise<WebSearchPage> {
      const url = endpoint(baseUrl, '/res/v1/web/search');
      url.searchParams.set('q', request.query);
      url.searchParams.set('count', String(PAGE_SIZE));
      url.searchParams.set('offset', String(request.page));
      const lang = BRAVE_LANGUAGE[request.lang] ?? request.lang;
      if (BRAVE_LANGUAGES.has(lang)) url.searchParams.set('search_lang', lang);
      url.searchParams.set('safesearch', request.safeSearch ? 'strict' : 'off');
      if (request.timeRange !== 'all') url.searchParams.set('freshness', FRESHNESS[request.timeRange]);
      url.searchParams.set('result_filter', 'web');

      const response = await providerRequest({
        provider: PROVIDER,
        url,
        headers: { 'X-Subscription-Token': apiKey, 'Accept-Encoding': 'gzip' },
        ...options,
      });
      if (response.status < 200 || response.status > 299) {
        throw failure(response.status, response.json as BraveError | undefined, response.headers, apiKey);
      }
      const body = response.json as BraveAnswer | undefined;
      if (!body || typeof body !== 'object' || body.type !== 'search') {
        throw new ProviderError(
          PROVIDER,
          'malformed',
          `${PROVIDER} answered something other than a search response`,
        );
      }
      const results = Array.isArray(body.web?.results) ? body.web.results : [];
      const hits = results.filter((result) => typeof result.url === 'string').map(toHit);
      const original = body.query?.original;
      const altered = body.query?.altered;
      return {
        hits,
        totalResults: null,
        suggestions: [],
        correction: altered && altered !== original ? altered : null,
        morePages: body.query?.more_results_available ?? hits.length >= PAGE_SIZE,
      };
    },
  };
}

function toHit(result: BraveResult): WebSearchHit {
  const title = result.title ?? '';
  const description = result.description ?? '';
  const thumbnail = result.thumbnail?.src;
  return {
    title: fragmentText(title),
    url: result.url as string,
    snippet: fragmentText(description),
    htmlTitle: fragmentHtml(title),
    htmlSnippet: fragmentHtml(description),
    ...(thumbnail ? { pagemap: { cse_thumbnail: [{ src: thumbnail }] } } : {}),
  };
}

/**
 * Brave's ErrorResponse `{type, error: {id, status, code, detail, meta}, time}`: RATE_LIMITED (429,
 * with the per-second and monthly windows in X-RateLimit-*), SUBSCRIPTION_TOKEN_INVALID, VALIDATION.
 */
function failure(
  status: number,
  body: BraveError | undefined,
  headers: Headers,
  apiKey: string,
): ProviderError {
  const code = body?.error?.code;
  let kind: ProviderFailureKind = kindOfStatus(status);
  if (code === 'RATE_LIMITED' || code === 'QUOTA_LIMITED') kind = 'rate_limited';
  else if (code === 'SUBSCRIPTION_TOKEN_INVALID' || code === 'SUBSCRIPTION_NOT_FOUND') kind = 'auth';
  // A refused key's own message may quote part of it: say only that it was refused.
  const detail =
    body?.error?.detail && kind !== 'auth' ? `: ${scrubSecrets(body.error.detail, [apiKey])}` : '';
  const label = code ? ` ${code}` : '';
  return new ProviderError(PROVIDER, kind, `${PROVIDER} answered HTTP ${status}${label}${detail}`, {
    status,
    retryAfterSeconds: retryAfterHeader(headers) ?? firstWindowReset(headers),
  });
}

/** `X-RateLimit-Reset: 1, 1419704`: the first figure is when the per-second window opens again. */
function firstWindowReset(headers: Headers): number | undefined {
  const first = headers.get('x-ratelimit-reset')?.split(',')[0]?.trim();
  return first && /^\d+$/.test(first) ? Number(first) : undefined;
}
