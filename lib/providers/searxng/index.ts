import { kindOfStatus, ProviderError, scrubSecrets } from '../http/provider-error.js';
import { endpoint, providerRequest, retryAfterHeader } from '../http/provider-request.js';
import type { CallOptions } from '../kinds/call-options.js';
import { escapeHtml } from '../kinds/html-text.js';
import type {
  WebSearchHit,
  WebSearchPage,
  WebSearchProvider,
  WebSearchRequest,
} from '../kinds/web-search.js';

const PROVIDER = 'SearXNG';

/**
 * SearXNG's JSON API (`GET /search?format=json`, docs.searxng.org/dev/search_api). A page holds
 * what its engines returned, about 20 results, whatever the caller asks; `pageno` is 1-based.
 * `safesearch` 0/1/2, `time_range` day/week/month/year, `language` a code or `all`.
 */
interface SearxngResult {
  url?: string;
  title?: string;
  content?: string;
  thumbnail?: string;
  img_src?: string;
  publishedDate?: string | null;
  engine?: string;
}

interface SearxngAnswer {
  query?: string;
  number_of_results?: number;
  results?: SearxngResult[];
  suggestions?: string[];
  corrections?: string[];
  /** Engines that failed, as `[name, reason]` pairs. */
  unresponsive_engines?: [string, string][];
}

export function searxngProvider(baseUrl: string): WebSearchProvider {
  return {
    name: 'searxng',
    pageSize: 20,
    maxPages: 12,
    async searchPage(request: WebSearchRequest, options: CallOptions): Promise<WebSearchPage> {
      const url = endpoint(baseUrl, '/search');
      url.searchParams.set('q', request.query);
      url.searchParams.set('format', 'json');
      url.searchParams.set('pageno', String(request.page + 1));
      url.searchParams.set('language', request.lang);
      url.searchParams.set('safesearch', request.safeSearch ? '2' : '0');
      if (request.timeRange !== 'all') url.searchParams.set('time_range', request.timeRange);

      const response = await providerRequest({ provider: PROVIDER, url, ...options });
      if (response.status < 200 || response.status > 299) throw failure(response.status, response);
      const body = response.json as SearxngAnswer | undefined;
      if (!body || typeof body !== 'object' || !Array.isArray(body.results)) {
        throw new ProviderError(
          PROVIDER,
          'malformed',
          `${PROVIDER} answered something other than its JSON format`,
        );
      }
      const hits = body.results.filter((result) => typeof result.url === 'string').map(toHit);
      const unresponsive = body.unresponsive_engines ?? [];
      // Every engine failing looks like "no results" with a list of failures; a real empty answer
      // lists none. Reporting it as a failure keeps a dead backend from passing for an empty web.
      if (hits.length === 0 && unresponsive.length > 0) {
        const names = unresponsive.map(([engine, reason]) => `${engine} (${reason})`).join(', ');
        throw new ProviderError(
          PROVIDER,
          'upstream',
          `${PROVIDER}'s engines failed: ${scrubSecrets(names, [])}`,
        );
      }
      return {
        hits,
        totalResults:
          typeof body.number_of_results === 'number' && body.number_of_results > 0
            ? body.number_of_results
            : null,
        suggestions: stringsOf(body.suggestions),
        correction: stringsOf(body.corrections)[0] ?? null,
        morePages: hits.length > 0,
      };
    },
  };
}

function toHit(result: SearxngResult): WebSearchHit {
  const title = (result.title ?? '').trim();
  const snippet = (result.content ?? '').replace(/\s+/g, ' ').trim();
  const thumbnail = result.thumbnail || result.img_src;
  return {
    title,
    url: result.url as string,
    snippet,
    htmlTitle: escapeHtml(title),
    htmlSnippet: escapeHtml(snippet),
    ...(thumbnail ? { pagemap: { cse_thumbnail: [{ src: thumbnail }] } } : {}),
  };
}

function stringsOf(values: unknown): string[] {
  return Array.isArray(values) ? values.filter((value): value is string => typeof value === 'string') : [];
}

/**
 * SearXNG answers an unset format with 403 and its limiter with 429, both as HTML pages; the body
 * says nothing worth repeating, so the status is the message.
 */
function failure(status: number, response: { headers: Headers }): ProviderError {
  const kind = kindOfStatus(status);
  const hint = status === 403 ? ' (is format=json enabled in its settings.yml?)' : '';
  return new ProviderError(PROVIDER, kind, `${PROVIDER} answered HTTP ${status}${hint}`, {
    status,
    retryAfterSeconds: retryAfterHeader(response.headers),
  });
}
