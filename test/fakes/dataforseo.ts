import { randomUUID } from 'node:crypto';
import {
  DEFAULT_SLOW_MS,
  type FakeOptions,
  type FakeServer,
  type SlowOption,
  startFake,
  trigger,
} from './fake-http.js';

/**
 * DataForSEO's Live Google Organic SERP, advanced (docs.dataforseo.com/v3/serp/google/organic/
 * live/advanced): `POST /v3/serp/google/organic/live/advanced` with Basic auth and a one-task
 * array. Answers the task envelope `{version, status_code, status_message, time, cost,
 * tasks_count, tasks_error, tasks: [{id, status_code, status_message, time, cost, result_count,
 * path, data, result: [{keyword, type, se_domain, location_code, language_code, check_url,
 * datetime, spell, item_types, se_results_count, items_count, items}]}]}`. Statuses as its
 * appendix/errors lists them: 20000 ok, 40000 one task at a time, 40100 unauthorized (HTTP 401),
 * 40102 no search results, 40200 payment required (HTTP 402), 40202 rate limit, 40501 invalid
 * field, 50000 internal error (HTTP 500).
 *
 * The page it serves for any keyword puts the domain `example.com` at organic positions 3
 * (www.example.com) and 7 (blog.example.com) and `notexample.com` at 1, behind a featured snippet
 * and a People-also-ask box that also link example.com (not organic, never counted).
 * `GET /v3/appendix/user_data` answers the account's limits and balance (free; the check uses it).
 * Triggers in the keyword: fake:slow, fake:ratelimit, fake:balance, fake:error, fake:malformed,
 * fake:none, fake:absent (example.com nowhere).
 */
export const DATAFORSEO_TEST_LOGIN = 'rank-tracker@example.org';
export const DATAFORSEO_TEST_PASSWORD = 'dfs-pass-5b8e21c4';

const LOCATIONS: Record<string, number> = {
  'United States': 2840,
  'United Kingdom': 2826,
  Germany: 2276,
  France: 2250,
};
const LANGUAGES = new Set(['en', 'de', 'fr', 'es']);

export async function startDataForSeoFake(
  options: FakeOptions & SlowOption & { login?: string; password?: string } = {},
): Promise<FakeServer> {
  const expected = `Basic ${Buffer.from(`${options.login ?? DATAFORSEO_TEST_LOGIN}:${options.password ?? DATAFORSEO_TEST_PASSWORD}`).toString('base64')}`;
  return startFake((request) => {
    if (request.path === '/v3/appendix/user_data' && request.method === 'GET') {
      if (request.headers.authorization !== expected)
        return { status: 401, body: envelope(40100, NOT_AUTHORIZED, []) };
      return {
        status: 200,
        body: envelope(20000, 'Ok.', [userData(options.login ?? DATAFORSEO_TEST_LOGIN)]),
      };
    }
    if (request.path !== '/v3/serp/google/organic/live/advanced' || request.method !== 'POST') {
      return { status: 404, body: envelope(40400, 'Not Found.', []) };
    }
    if (request.headers.authorization !== expected) {
      return {
        status: 401,
        body: envelope(40100, NOT_AUTHORIZED, []),
      };
    }
    const tasks = request.body;
    if (!Array.isArray(tasks) || tasks.length !== 1) {
      return { status: 200, body: envelope(40000, 'You can set only one task at a time.', []) };
    }
    const data = tasks[0] as Record<string, unknown>;
    const keyword = typeof data.keyword === 'string' ? data.keyword : '';
    const invalid = invalidField(data);
    if (invalid)
      return {
        status: 200,
        body: envelope(20000, 'Ok.', [task(40501, `Invalid Field: '${invalid}'.`, data, null)], 1),
      };
    if (trigger(keyword, 'balance')) return { status: 402, body: envelope(40200, 'Payment Required.', []) };
    if (trigger(keyword, 'error')) return { status: 500, body: envelope(50000, 'Internal Error.', []) };
    if (trigger(keyword, 'malformed'))
      return { status: 200, body: '{"version": "0.1.20240801", "status_code": 20000, "tasks": [' };
    if (trigger(keyword, 'ratelimit')) {
      return {
        status: 200,
        body: envelope(
          20000,
          'Ok.',
          [
            task(
              40202,
              'Rate-limit exceeded. You can find your rate-limit in the API dashboard.',
              data,
              null,
            ),
          ],
          1,
        ),
      };
    }
    if (trigger(keyword, 'none')) {
      return {
        status: 200,
        body: envelope(20000, 'Ok.', [task(40102, 'No Search Results.', data, null)], 1),
      };
    }
    const locationCode =
      typeof data.location_code === 'number' ? data.location_code : LOCATIONS[String(data.location_name)];
    const depth = typeof data.depth === 'number' ? data.depth : 100;
    const items = serpItems(keyword, depth, !trigger(keyword, 'absent'));
    const result = {
      keyword,
      type: 'organic',
      se_domain: 'google.com',
      location_code: locationCode,
      language_code: data.language_code,
      check_url: `https://www.google.com/search?q=${encodeURIComponent(keyword).replace(/%20/g, '+')}&num=${depth}&hl=${data.language_code}&gl=US&gws_rd=cr&ie=UTF-8&oe=UTF-8&glp=1&uule=w+CAIQIFISCQs2MuSEtepUEUK33kOSuTsc`,
      datetime: '2024-08-01 10:15:42 +00:00',
      spell: null,
      refinement_chips: null,
      item_types: ['featured_snippet', 'organic', 'people_also_ask'],
      se_results_count: 1_350_000_000,
      items_count: items.length,
      items,
    };
    return {
      status: 200,
      body: envelope(20000, 'Ok.', [task(20000, 'Ok.', data, [result])], 1),
      delayMs: trigger(keyword, 'slow') ? (options.slowMs ?? DEFAULT_SLOW_MS) : 0,
    };
  }, options);
}

function invalidField(data: Record<string, unknown>): string | null {
  if (typeof data.keyword !== 'string' || data.keyword === '') return 'keyword';
  if (data.location_code === undefined && !(String(data.location_name) in LOCATIONS)) return 'location_name';
  if (data.location_code !== undefined && !Object.values(LOCATIONS).includes(data.location_code as number))
    return 'location_code';
  if (!LANGUAGES.has(String(data.language_code))) return 'language_code';
  if (data.device !== undefined && data.device !== 'desktop' && data.device !== 'mobile') return 'device';
  if (data.depth !== undefined && (typeof data.depth !== 'number' || data.depth < 1 || data.depth > 700))
    return 'depth';
  return null;
}

function organic(rank: number, absolute: number, url: string, title: string) {
  const host = new URL(url).hostname;
  return {
    type: 'organic',
    rank_group: rank,
    rank_absolute: absolute,
    page: Math.ceil(rank / 10),
    position: 'left',
    xpath: `/html[1]/body[1]/div[3]/div[1]/div[${absolute}]`,
    domain: host,
    title,
    url,
    breadcrumb: `https://${host} › ${new URL(url).pathname.split('/').filter(Boolean).join(' › ')}`,
    is_image: false,
    is_video: false,
    is_featured_snippet: false,
    is_malicious: false,
    is_web_story: false,
    description: `${title}: a result description as Google shows it.`,
    pre_snippet: null,
    extended_snippet: null,
    images: null,
    amp_version: false,
    rating: null,
    price: null,
    highlighted: [],
    links: null,
    faq: null,
    extended_people_also_search: null,
    about_this_result: null,
    related_result: null,
    timestamp: null,
    rectangle: null,
  };
}

function serpItems(keyword: string, depth: number, withTarget: boolean) {
  const named = new Map<number, [string, string]>([
    [1, ['https://notexample.com/guide', 'Not Example: the guide']],
    [2, ['https://en.wikipedia.org/wiki/Example', 'Example - Wikipedia']],
  ]);
  if (withTarget) {
    named.set(3, ['https://www.example.com/pricing', 'Pricing | Example']);
    named.set(7, ['https://blog.example.com/posts/launch', 'Launch notes | Example blog']);
  }
  const items: unknown[] = [
    {
      type: 'featured_snippet',
      rank_group: 1,
      rank_absolute: 1,
      domain: 'www.example.com',
      title: 'Example answers',
      url: 'https://www.example.com/answers',
      description: `${keyword} in one paragraph.`,
    },
  ];
  let absolute = 1;
  for (let rank = 1; rank <= depth; rank += 1) {
    absolute += 1;
    const [url, title] = named.get(rank) ?? [
      `https://site${rank}.example.net/${rank}`,
      `Result ${rank} for ${keyword}`,
    ];
    items.push(organic(rank, absolute, url, title));
    if (rank === 4) {
      absolute += 1;
      items.push({
        type: 'people_also_ask',
        rank_group: 1,
        rank_absolute: absolute,
        items: [
          {
            type: 'people_also_ask_element',
            title: `What is ${keyword}?`,
            expanded_element: [
              {
                type: 'people_also_ask_expanded_element',
                url: 'https://www.example.com/faq',
                domain: 'www.example.com',
              },
            ],
          },
        ],
      });
    }
  }
  return items;
}

const NOT_AUTHORIZED =
  'You are not authorized to access this resource. See your login details here: https://app.dataforseo.com/api-access';

/** `GET /v3/appendix/user_data`: the account's login, limits and money; it costs nothing. */
function userData(login: string) {
  return {
    id: randomUUID(),
    status_code: 20000,
    status_message: 'Ok.',
    time: '0.0209 sec.',
    cost: 0,
    result_count: 1,
    path: ['v3', 'appendix', 'user_data'],
    data: { api: 'appendix', function: 'user_data' },
    result: [
      {
        login,
        timezone: 'UTC',
        rates: {
          limits: { day: { serp: 0, total: 0 }, minute: { serp: 2000, total: 2000 } },
          statistics: { day: { serp: 12, total: 12 }, minute: { serp: 0, total: 0 } },
        },
        money: { total: 50, balance: 48.1234, limits: { day: { serp: 0, total: 0 }, minute: { total: 0 } } },
        price: {},
      },
    ],
  };
}

function task(statusCode: number, message: string, data: Record<string, unknown>, result: unknown[] | null) {
  return {
    id: randomUUID(),
    status_code: statusCode,
    status_message: message,
    time: '2.4137 sec.',
    cost: result ? 0.002 : 0,
    result_count: result ? result.length : 0,
    path: ['v3', 'serp', 'google', 'organic', 'live', 'advanced'],
    data: { api: 'serp', function: 'live', se: 'google', se_type: 'organic', ...data },
    result,
  };
}

function envelope(statusCode: number, message: string, tasks: unknown[], errors = 0) {
  const failed = tasks.filter((entry) => (entry as { status_code: number }).status_code !== 20000).length;
  return {
    version: '0.1.20240801',
    status_code: statusCode,
    status_message: message,
    time: '2.5012 sec.',
    cost: tasks.length ? 0.002 : 0,
    tasks_count: tasks.length,
    tasks_error: errors ? failed : 0,
    tasks,
  };
}
