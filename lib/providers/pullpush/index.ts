import { kindOfStatus, ProviderError, scrubSecrets } from '../http/provider-error.js';
import { endpoint, providerRequest, retryAfterHeader } from '../http/provider-request.js';
import type { CallOptions } from '../kinds/call-options.js';
import { type ForumArchive, type ForumSearch, type ForumThing, readThing } from '../kinds/forum-archive.js';

const PROVIDER = 'PullPush';

/**
 * PullPush, the Pushshift-compatible archive (pullpush.io): `/reddit/search/submission/` and
 * `/reddit/search/comment/` with `q`, `subreddit`, `author`, `after`/`before` (epoch seconds),
 * `size` (at most 100), `sort` and `sort_type`. Its `q` is Pushshift's syntax, where OR is `|`.
 * Answers are `{data: [...]}`. It keeps no comment trees.
 */
export function pullPushArchive(baseUrl: string): ForumArchive {
  const search = async (path: string, query: ForumSearch, options: CallOptions): Promise<ForumThing[]> => {
    const url = endpoint(baseUrl, path);
    const params: Record<string, string | number | undefined> = {
      q: query.query === undefined ? undefined : pushshiftQuery(query.query),
      subreddit: query.subreddit,
      author: query.author,
      after: query.after,
      before: query.before,
      size: query.limit,
      sort: query.sort,
      sort_type: 'created_utc',
    };
    for (const [name, value] of Object.entries(params))
      if (value !== undefined) url.searchParams.set(name, String(value));
    const response = await providerRequest({ provider: PROVIDER, url, ...options });
    const body = response.json as { data?: unknown; error?: unknown; detail?: unknown } | undefined;
    if (response.status < 200 || response.status > 299) {
      const said =
        typeof body?.error === 'string' ? body.error : typeof body?.detail === 'string' ? body.detail : '';
      throw new ProviderError(
        PROVIDER,
        kindOfStatus(response.status),
        `${PROVIDER} answered HTTP ${response.status}${said ? `: ${scrubSecrets(said, [])}` : ''}`,
        { status: response.status, retryAfterSeconds: retryAfterHeader(response.headers) },
      );
    }
    if (!body || !Array.isArray(body.data)) {
      throw new ProviderError(PROVIDER, 'malformed', `${PROVIDER} answered without a data list`);
    }
    return body.data.map(readThing).filter((thing): thing is ForumThing => thing !== null);
  };
  return {
    source: 'archive_b',
    label: PROVIDER,
    searchPosts: (query, options) => search('/reddit/search/submission/', query, options),
    searchComments: (query, options) => search('/reddit/search/comment/', query, options),
  };
}

/** `a OR b` (web-search syntax) is `a|b` in Pushshift's; phrases and `-word` read the same. */
export function pushshiftQuery(query: string): string {
  return query.replace(/\s+OR\s+/g, '|');
}
