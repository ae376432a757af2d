import { ApiError } from '../../errors/api-error.js';
import { assessFetchedPage } from '../../fetch/assess-page.js';
import { fetchPage, guardedRequest } from '../../fetch/fetch-page.js';
import { type FetchEnvironment, type FetchedPage, MAX_BODY_BYTES } from '../../fetch/types.js';

/**
 * Every request a template makes, page or API, goes through the guarded fetcher: SSRF rules on
 * every hop and connection (so a user-supplied store, subdomain or company name cannot reach a
 * private address), the decoded-size cap, and robots.txt for pages. One deadline, the call's
 * `timeout`, covers all the requests of one call. What comes back passes the same gate as every
 * fetch tool's: a bot wall is BLOCKED, a target error UPSTREAM_HTTP, a binary 415.
 */

export interface JsonSource {
  data: unknown;
  /** The URL that answered, after redirects. */
  url: string;
}

export interface SourceReader {
  /** A page of the platform's website: robots.txt applies. */
  page(url: string): Promise<FetchedPage>;
  /** A JSON document served on the platform's website (a thread's `.json`, a store's products.json): robots.txt applies. */
  pageJson(url: string): Promise<JsonSource>;
  /**
   * A public JSON API published for programs (job boards, registries): no robots.txt, which
   * governs crawlers of a website. `timeoutMs` shortens the deadline for an optional extra.
   */
  apiJson(url: string, options?: { timeoutMs?: number }): Promise<JsonSource>;
}

export interface SourceReaderOptions {
  /** The call's `timeout`: one deadline for every request it makes. */
  timeoutMs: number;
  respectRobots: boolean;
}

const TOOL = 'scrape_template';
const JSON_ACCEPT = 'application/json, text/json;q=0.9, */*;q=0.1';
/** A 429/503 that asks for at most this many seconds is waited out once, like every fetch tool's. */
const RETRY_AFTER_MAX_SECONDS = 10;

export function createSourceReader(env: FetchEnvironment, options: SourceReaderOptions): SourceReader {
  const deadline = Date.now() + options.timeoutMs;
  const remaining = (url: string, cap?: number): number => {
    const left = deadline - Date.now();
    if (left <= 0) {
      throw new ApiError('FETCH_TIMEOUT', `Reading ${url} ran past the ${options.timeoutMs} ms timeout`);
    }
    return cap === undefined ? left : Math.min(left, cap);
  };

  const page = async (url: string, headers?: Record<string, string>): Promise<FetchedPage> => {
    const fetched = await fetchPage(env, url, {
      timeoutMs: remaining(url),
      respectRobots: options.respectRobots,
      headers,
    });
    assessFetchedPage(fetched, { tool: TOOL, escalate: false });
    return fetched;
  };

  return {
    page: (url) => page(url),
    async pageJson(url) {
      const fetched = await page(url, { accept: JSON_ACCEPT });
      return { data: parseJson(fetched), url: fetched.finalUrl };
    },
    async apiJson(url, apiOptions = {}) {
      const response = await guardedRequest(env, url, {
        timeoutMs: remaining(url, apiOptions.timeoutMs),
        maxBytes: MAX_BODY_BYTES,
        headers: { accept: JSON_ACCEPT },
        retryAfterMaxSeconds: RETRY_AFTER_MAX_SECONDS,
      });
      const fetched: FetchedPage = { ...response, durationMs: 0 };
      assessFetchedPage(fetched, { tool: TOOL, escalate: false });
      return { data: parseJson(fetched), url: fetched.finalUrl };
    },
  };
}

function parseJson(page: FetchedPage): unknown {
  try {
    return JSON.parse(page.body);
  } catch {
    throw new ApiError(
      'FETCH_FAILED',
      `${page.finalUrl} answered ${page.mimeType ?? 'a body without a content type'} that is not JSON`,
    );
  }
}
