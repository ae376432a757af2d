import {
  DEFAULT_SLOW_MS,
  type FakeOptions,
  type FakeServer,
  type SlowOption,
  startFake,
  trigger,
} from './fake-http.js';
import { corpusPage, defaultCorpus, type SearchCorpus } from './search-corpus.js';

/**
 * SearXNG's JSON API as docs.searxng.org/dev/search_api and searx/webapp.py answer it:
 * `{query, number_of_results, results: [{url, title, content, engine, parsed_url, template,
 * engines, positions, score, category, publishedDate, thumbnail}], answers, corrections, infoboxes,
 * suggestions, unresponsive_engines}`. Refuses what a real instance refuses: a format it does not
 * serve (403 HTML), a missing query (400), a bad `pageno`, `safesearch` or `time_range`.
 *
 * `GET /config` lists the instance's engines as a real instance does (`{name, categories, enabled,
 * shortcut, paging, time_range_support, ...}`); a search asks the enabled `general` ones.
 *
 * Triggers in the query: fake:slow, fake:ratelimit (the limiter's 429 page), fake:error (500),
 * fake:malformed, fake:empty, fake:engines-down (two of the engines asked fail, no results),
 * fake:all-engines-down (every engine asked fails), fake:misspelt, fake:results=N. `latencyMs`
 * delays every normal answer, as engines do.
 */
export const SEARXNG_PAGE_SIZE = 20;

/** The engines `/config` lists: four general ones enabled, one disabled, one of another category. */
export const SEARXNG_ENGINES = [
  engine('google', 'go', ['general', 'web'], true, true),
  engine('duckduckgo', 'ddg', ['general', 'web'], true, true),
  engine('brave', 'br', ['general', 'web'], true, true),
  engine('wikipedia', 'wp', ['general'], true, false, false),
  engine('bing', 'bi', ['general', 'web'], false, true),
  engine('openstreetmap', 'osm', ['map'], true, false, false),
];
/** The enabled general engines, as unresponsive_engines names them when all fail. */
const GENERAL_ENGINES = SEARXNG_ENGINES.filter(
  (entry) => entry.enabled && entry.categories.includes('general'),
).map((entry) => entry.name);

function engine(
  name: string,
  shortcut: string,
  categories: string[],
  enabled: boolean,
  paging: boolean,
  timeRange = true,
) {
  return {
    name,
    shortcut,
    categories,
    enabled,
    paging,
    language_support: true,
    safesearch: true,
    time_range_support: timeRange,
    timeout: 3.0,
  };
}

export async function startSearxngFake(
  options: FakeOptions & SlowOption & { corpus?: SearchCorpus; latencyMs?: number } = {},
): Promise<FakeServer> {
  const corpus = options.corpus ?? defaultCorpus;
  return startFake((request) => {
    if (request.path === '/config') {
      return {
        status: 200,
        body: {
          autocomplete: '',
          categories: ['general', 'web', 'map'],
          default_locale: '',
          default_theme: 'simple',
          engines: SEARXNG_ENGINES,
          instance_name: 'SearXNG',
          locales: { en: 'English' },
          plugins: [],
          safe_search: 0,
          version: '2025.5.1',
        },
      };
    }
    if (request.path !== '/search' && request.path !== '/')
      return { status: 404, body: '<h1>Not Found</h1>' };
    const q = request.query.get('q') ?? '';
    if (request.query.get('format') !== 'json')
      return { status: 403, body: '<html><body>403 Forbidden</body></html>' };
    if (q.trim() === '') return { status: 400, body: '<html><body>Bad Request: q is empty</body></html>' };
    const pageno = Number(request.query.get('pageno') ?? '1');
    const safesearch = request.query.get('safesearch') ?? '0';
    const timeRange = request.query.get('time_range');
    if (!Number.isInteger(pageno) || pageno < 1) return { status: 400, body: 'invalid pageno' };
    if (!['0', '1', '2'].includes(safesearch)) return { status: 400, body: 'invalid safesearch' };
    if (timeRange !== null && !['day', 'week', 'month', 'year'].includes(timeRange)) {
      return { status: 400, body: 'invalid time_range' };
    }
    if (trigger(q, 'slow'))
      return { status: 200, body: answer(q, []), delayMs: options.slowMs ?? DEFAULT_SLOW_MS };
    if (trigger(q, 'ratelimit')) {
      return {
        status: 429,
        headers: { 'content-type': 'text/html' },
        body: '<html><body>Too Many Requests</body></html>',
      };
    }
    if (trigger(q, 'error'))
      return {
        status: 500,
        headers: { 'content-type': 'text/html' },
        body: '<h1>Internal Server Error</h1>',
      };
    if (trigger(q, 'malformed'))
      return {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: '{"query": "x", "results": [',
      };
    if (trigger(q, 'all-engines-down')) {
      return {
        status: 200,
        body: {
          ...answer(q, []),
          unresponsive_engines: GENERAL_ENGINES.map((name) => [
            name,
            name === 'google' ? 'Suspended: CAPTCHA' : 'timeout',
          ]),
        },
      };
    }
    if (trigger(q, 'engines-down')) {
      return {
        status: 200,
        body: {
          ...answer(q, []),
          unresponsive_engines: [
            ['google', 'timeout'],
            ['duckduckgo', 'CAPTCHA'],
          ],
        },
      };
    }
    const hits = trigger(q, 'empty') ? [] : corpusPage(corpus(q), pageno, SEARXNG_PAGE_SIZE);
    const body = answer(
      q,
      hits.map((hit, index) => ({
        url: hit.url,
        title: hit.title,
        content: hit.snippet,
        engine: index % 2 === 0 ? 'duckduckgo' : 'brave',
        parsed_url: parsedUrl(hit.url),
        template: 'default.html',
        engines: index % 3 === 0 ? ['duckduckgo', 'brave'] : [index % 2 === 0 ? 'duckduckgo' : 'brave'],
        positions: [index + 1],
        score: Math.round((20 - index) * 10) / 100,
        category: 'general',
        publishedDate: null,
        thumbnail: index === 0 ? 'https://www.example.com/static/thumb.png' : '',
      })),
    );
    if (pageno === 1 && hits.length > 0) {
      body.suggestions = [`${words(q)} example`, `${words(q)} explained`];
      body.infoboxes = [
        {
          infobox: words(q),
          id: `https://en.wikipedia.org/wiki/${encodeURIComponent(words(q))}`,
          content: `${words(q)} is a topic.`,
          urls: [],
          engine: 'wikipedia',
          engines: ['wikipedia'],
        },
      ];
    }
    if (trigger(q, 'misspelt')) body.corrections = [words(q).replace(/teh/g, 'the')];
    // A real instance waits on its engines; the benchmark sets a latency to show it.
    return { status: 200, body, delayMs: options.latencyMs ?? 0 };
  }, options);
}

function words(q: string): string {
  return q
    .replace(/fake:\S+/g, '')
    .replace(/\b(site|filetype):\S+/g, '')
    .trim();
}

function answer(query: string, results: unknown[]) {
  return {
    query,
    number_of_results: 0,
    results,
    answers: [] as unknown[],
    corrections: [] as string[],
    infoboxes: [] as unknown[],
    suggestions: [] as string[],
    unresponsive_engines: [] as [string, string][],
  };
}

function parsedUrl(url: string): string[] {
  const parsed = new URL(url);
  return [
    parsed.protocol.replace(':', ''),
    parsed.host,
    parsed.pathname,
    '',
    parsed.search.replace('?', ''),
    '',
  ];
}
