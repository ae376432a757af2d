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
  unresponsive_engines?: unknown;
}

export function searxngProvider(baseUrl: string): WebSearchProvider {
  return {
    name: 'searxng',
    pageSize: 20,
    maxPages: 12,
    paidPages: false,
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
      const unresponsive = unresponsiveEngines(body.unresponsive_engines);
      // Engines fail on most real instances (CAPTCHA suspensions): an empty page is a failure only
      // when every engine asked failed, which keeps a dead backend from passing for an empty web.
      if (hits.length === 0 && unresponsive.length > 0) {
        const asked = await askedEngines(baseUrl, request, options);
        const down = new Set(unresponsive.map((engine) => engine.name));
        if (asked !== null && asked.length > 0 && asked.every((name) => down.has(name))) {
          throw new ProviderError(
            PROVIDER,
            'upstream',
            `every engine asked failed: ${describe(unresponsive)}`,
          );
        }
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
        warnings:
          unresponsive.length > 0
            ? [`${PROVIDER} engines that did not answer: ${describe(unresponsive)}`]
            : [],
      };
    },
  };
}

interface UnresponsiveEngine {
  name: string;
  reason: string;
}

function unresponsiveEngines(value: unknown): UnresponsiveEngine[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((entry): entry is [string, unknown] => Array.isArray(entry) && typeof entry[0] === 'string')
    .map(([name, reason]) => ({ name: name.toLowerCase(), reason: String(reason ?? '') }));
}

function describe(engines: readonly UnresponsiveEngine[]): string {
  return scrubSecrets(
    engines.map((engine) => (engine.reason ? `${engine.name} (${engine.reason})` : engine.name)).join(', '),
    [],
  );
}

/**
 * `GET /config` lists the instance's engines (`{name, categories, enabled, paging,
 * time_range_support}`). A search without `categories` asks the enabled `general` engines, minus
 * those that cannot page past the first page or filter by time when that is asked. Read once per
 * instance for ten minutes; null when the instance does not say, so the caller cannot tell.
 */
interface SearxngEngine {
  name?: string;
  categories?: string[];
  enabled?: boolean;
  paging?: boolean;
  time_range_support?: boolean;
}

const ENGINE_LIST_TTL_MS = 10 * 60_000;
const engineLists = new Map<string, { engines: SearxngEngine[]; until: number }>();

async function askedEngines(
  baseUrl: string,
  request: WebSearchRequest,
  options: CallOptions,
): Promise<string[] | null> {
  let cached = engineLists.get(baseUrl);
  if (!cached || cached.until < Date.now()) {
    try {
      const response = await providerRequest({
        provider: PROVIDER,
        url: endpoint(baseUrl, '/config'),
        ...options,
      });
      const engines = (response.json as { engines?: unknown } | undefined)?.engines;
      if (response.status !== 200 || !Array.isArray(engines)) return null;
      cached = { engines: engines as SearxngEngine[], until: Date.now() + ENGINE_LIST_TTL_MS };
      engineLists.set(baseUrl, cached);
    } catch (error) {
      if (error instanceof ProviderError) return null;
      throw error;
    }
  }
  return cached.engines
    .filter(
      (engine) =>
        typeof engine.name === 'string' &&
        engine.enabled === true &&
        (engine.categories ?? []).includes('general') &&
        (request.page === 0 || engine.paging !== false) &&
        (request.timeRange === 'all' || engine.time_range_support !== false),
    )
    .map((engine) => (engine.name as string).toLowerCase());
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
