import {
  kindOfStatus,
  ProviderError,
  type ProviderFailureKind,
  scrubSecrets,
} from '../http/provider-error.js';
import { endpoint, providerRequest, retryAfterHeader } from '../http/provider-request.js';
import type { CallOptions } from '../kinds/call-options.js';
import {
  type CommentNode,
  type ForumArchive,
  type ForumSearch,
  type ForumThing,
  type ForumThread,
  readThing,
} from '../kinds/forum-archive.js';

const PROVIDER = 'Arctic Shift';

/**
 * Arctic Shift (github.com/ArthurHeitmann/arctic_shift, api/README.md): `/api/posts/search`
 * (`query` searches title and selftext, only with `subreddit` or `author`), `/api/comments/search`
 * (`body`), `/api/comments/tree` (Reddit-style `t1` listings, collapsed branches as `kind: more`
 * with the collapsed ids in `children`), `/api/posts/ids`. Answers are `{data}`; failures `{error}`.
 */
export function arcticShiftArchive(baseUrl: string): ForumArchive {
  const get = async (
    path: string,
    params: Record<string, string | number | undefined>,
    options: CallOptions,
  ) => {
    const url = endpoint(baseUrl, path);
    for (const [name, value] of Object.entries(params))
      if (value !== undefined) url.searchParams.set(name, String(value));
    const response = await providerRequest({ provider: PROVIDER, url, ...options });
    const body = response.json as { data?: unknown; error?: unknown } | undefined;
    if (response.status < 200 || response.status > 299 || typeof body?.error === 'string') {
      throw failure(response.status, body?.error, response.headers);
    }
    if (!body || !Array.isArray(body.data)) {
      throw new ProviderError(PROVIDER, 'malformed', `${PROVIDER} answered without a data list`);
    }
    return body.data as unknown[];
  };
  const search = (text: 'query' | 'body') => (query: ForumSearch) => ({
    [text]: query.query,
    subreddit: query.subreddit,
    author: query.author,
    after: query.after,
    before: query.before,
    limit: query.limit,
    sort: query.sort,
  });

  return {
    source: 'archive_a',
    label: PROVIDER,
    async searchPosts(query, options) {
      return things(await get('/api/posts/search', search('query')(query), options));
    },
    async searchComments(query, options) {
      return things(await get('/api/comments/search', search('body')(query), options));
    },
    async thread(postId, limit, options): Promise<ForumThread> {
      const [posts, tree] = await Promise.all([
        get('/api/posts/ids', { ids: postId }, options),
        get('/api/comments/tree', { link_id: `t3_${postId}`, limit }, options),
      ]);
      return { post: things(posts)[0] ?? null, comments: readTree(tree, 0) };
    },
  };
}

function things(data: unknown[]): ForumThing[] {
  return data.map(readThing).filter((thing): thing is ForumThing => thing !== null);
}

/** Reddit's listing shape: `{kind: 't1', data: {..., replies: Listing | ''}}` or `{kind: 'more', data: {count, children}}`. */
function readTree(children: unknown[], depth: number): CommentNode[] {
  const nodes: CommentNode[] = [];
  for (const child of children) {
    if (!child || typeof child !== 'object') continue;
    const { kind, data } = child as { kind?: string; data?: Record<string, unknown> };
    if (!data) continue;
    if (kind === 'more') {
      const ids = Array.isArray(data.children)
        ? data.children.filter((id): id is string => typeof id === 'string')
        : [];
      nodes.push({ kind: 'more', count: typeof data.count === 'number' ? data.count : ids.length, ids });
      continue;
    }
    const comment = readThing(data);
    if (!comment) continue;
    nodes.push({ kind: 'comment', comment, depth, replies: readTree(repliesOf(data.replies), depth + 1) });
  }
  return nodes;
}

function repliesOf(replies: unknown): unknown[] {
  if (Array.isArray(replies)) return replies;
  const listing = replies as { data?: { children?: unknown } } | undefined;
  return Array.isArray(listing?.data?.children) ? listing.data.children : [];
}

function failure(status: number, error: unknown, headers: Headers): ProviderError {
  const message = typeof error === 'string' ? scrubSecrets(error, []) : `HTTP ${status}`;
  let kind: ProviderFailureKind = status >= 200 && status < 300 ? 'upstream' : kindOfStatus(status);
  // "Query timed out": the archive's own database gave up.
  if (/timed? ?out/i.test(message)) kind = 'timeout';
  return new ProviderError(PROVIDER, kind, `${PROVIDER} answered ${status}: ${message}`, {
    status,
    retryAfterSeconds: retryAfterHeader(headers),
  });
}
