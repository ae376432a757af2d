import { randomUUID } from 'node:crypto';
import {
  DEFAULT_SLOW_MS,
  type FakeOptions,
  type FakeServer,
  type SlowOption,
  startFake,
  trigger,
} from './fake-http.js';
import { type CorpusHit, corpusPage, defaultCorpus, type SearchCorpus } from './search-corpus.js';

/**
 * Brave Search API web search (api-dashboard.search.brave.com/app/documentation/web-search):
 * `GET /res/v1/web/search` with the key in `X-Subscription-Token`; `count` 1–20, `offset` 0–9
 * (pages of `count`), `safesearch` off/moderate/strict, `freshness` pd/pw/pm/py. Answers the
 * WebSearchApiResponse `{type: 'search', query, mixed, web: {type, results: [SearchResult]}}` with
 * `<strong>` highlights in descriptions and the rate-limit headers of every response; errors are
 * ErrorResponse `{type, error: {id, status, code, detail, meta}, time}`.
 *
 * Triggers in `q`: fake:slow, fake:ratelimit (429 RATE_LIMITED), fake:error (500), fake:malformed,
 * fake:empty, fake:misspelt, fake:results=N.
 */
export const BRAVE_TEST_KEY = 'BSA-test-subscription-token-7f3a9c';

const RATE_HEADERS = {
  'X-RateLimit-Limit': '1, 15000',
  'X-RateLimit-Policy': '1;w=1, 15000;w=2592000',
  'X-RateLimit-Remaining': '0, 14873',
  'X-RateLimit-Reset': '1, 1419704',
};

const LANGUAGES = new Set(
  'ar eu bn bg ca zh-hans zh-hant hr cs da nl en en-gb et fi fr gl de gu he hi hu is it jp kn ko lv lt ms ml mr nb pl pt-br pt-pt pa ro ru sr sk sl es sv ta te th tr uk vi'.split(
    ' ',
  ),
);

export async function startBraveFake(
  options: FakeOptions & SlowOption & { corpus?: SearchCorpus; apiKey?: string } = {},
): Promise<FakeServer> {
  const corpus = options.corpus ?? defaultCorpus;
  const apiKey = options.apiKey ?? BRAVE_TEST_KEY;
  return startFake((request) => {
    if (request.path !== '/res/v1/web/search') return errorResponse(404, 'NOT_FOUND', 'Resource not found.');
    if (request.headers['x-subscription-token'] !== apiKey) {
      return errorResponse(422, 'SUBSCRIPTION_TOKEN_INVALID', 'The provided subscription token is invalid.', {
        component: 'authentication',
      });
    }
    const q = request.query.get('q') ?? '';
    const count = Number(request.query.get('count') ?? '20');
    const offset = Number(request.query.get('offset') ?? '0');
    const problems: string[] = [];
    if (q.trim() === '') problems.push('q: Field required');
    if (!Number.isInteger(count) || count < 1 || count > 20)
      problems.push('count: Input should be less than or equal to 20');
    if (!Number.isInteger(offset) || offset < 0 || offset > 9)
      problems.push('offset: Input should be less than or equal to 9');
    const safesearch = request.query.get('safesearch');
    if (safesearch !== null && !['off', 'moderate', 'strict'].includes(safesearch))
      problems.push('safesearch: invalid');
    const freshness = request.query.get('freshness');
    if (freshness !== null && !/^(pd|pw|pm|py|\d{4}-\d{2}-\d{2}to\d{4}-\d{2}-\d{2})$/.test(freshness)) {
      problems.push('freshness: invalid');
    }
    const lang = request.query.get('search_lang');
    if (lang !== null && !LANGUAGES.has(lang))
      problems.push(`search_lang: Input should be one of the supported codes`);
    if (problems.length > 0) {
      return errorResponse(422, 'VALIDATION', 'Unable to validate request parameter(s)', {
        errors: problems.map((message) => ({
          type: 'value_error',
          loc: ['query', message.split(':')[0]],
          msg: message,
        })),
      });
    }
    if (trigger(q, 'ratelimit')) {
      return errorResponse(429, 'RATE_LIMITED', 'Request rate limit exceeded for plan.', {
        plan: 'Free',
        rate_limit: 1,
        rate_current: 1,
        quota_limit: 15000,
        quota_current: 127,
        component: 'rate_limiter',
      });
    }
    if (trigger(q, 'error')) return errorResponse(500, 'INTERNAL_ERROR', 'Unexpected error.');
    if (trigger(q, 'malformed'))
      return {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: '{"type":"search","web":{',
      };
    const all = trigger(q, 'empty') ? [] : corpus(q);
    const hits = corpusPage(all, offset + 1, count);
    const more = corpusPage(all, offset + 2, count).length > 0 && offset < 9;
    const body = {
      query: {
        original: q,
        ...(trigger(q, 'misspelt') ? { altered: q.replace(/teh/g, 'the') } : {}),
        show_strict_warning: false,
        is_navigational: false,
        is_news_breaking: false,
        spellcheck_off: false,
        country: 'us',
        bad_results: false,
        should_fallback: false,
        postal_code: '',
        city: '',
        header_country: '',
        more_results_available: more,
        state: '',
      },
      mixed: {
        type: 'mixed',
        main: hits.map((_, index) => ({ type: 'web', index, all: false })),
        top: [],
        side: [],
      },
      type: 'search',
      web: { type: 'search', results: hits.map(searchResult), family_friendly: true },
    };
    return {
      status: 200,
      headers: RATE_HEADERS,
      body,
      delayMs: trigger(q, 'slow') ? (options.slowMs ?? DEFAULT_SLOW_MS) : 0,
    };
  }, options);
}

function searchResult(hit: CorpusHit, index: number) {
  const url = new URL(hit.url);
  let description = hit.snippet.replace(/&/g, '&amp;').replace(/'/g, '&#x27;');
  for (const word of hit.highlight ?? []) {
    description = description.replace(
      new RegExp(`\\b(${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})\\b`, 'i'),
      '<strong>$1</strong>',
    );
  }
  return {
    title: hit.title,
    url: hit.url,
    is_source_local: false,
    is_source_both: false,
    description,
    page_age: '2024-05-14T09:30:00',
    profile: {
      name: url.hostname,
      url: hit.url,
      long_name: url.hostname,
      img: `https://imgs.search.brave.com/${index}/favicon.png`,
    },
    language: 'en',
    family_friendly: true,
    type: 'search_result',
    subtype: 'generic',
    is_live: false,
    meta_url: {
      scheme: url.protocol.replace(':', ''),
      netloc: url.host,
      hostname: url.hostname,
      favicon: `https://imgs.search.brave.com/${index}/favicon.png`,
      path: url.pathname
        .split('/')
        .filter(Boolean)
        .map((part) => `› ${part}`)
        .join(' '),
    },
    ...(index === 0
      ? {
          thumbnail: {
            src: 'https://imgs.search.brave.com/thumb/0.jpg',
            original: 'https://www.example.com/thumb.jpg',
            logo: false,
          },
        }
      : {}),
    age: 'May 14, 2024',
  };
}

function errorResponse(status: number, code: string, detail: string, meta: Record<string, unknown> = {}) {
  return {
    status,
    headers: status === 429 ? RATE_HEADERS : {},
    body: {
      type: 'ErrorResponse',
      error: { id: randomUUID(), status, code, detail, meta },
      time: Math.floor(Date.now() / 1000),
    },
  };
}
