import {
  DEFAULT_SLOW_MS,
  type FakeOptions,
  type FakeServer,
  type SlowOption,
  startFake,
} from './fake-http.js';
import {
  FIXTURE_COMMENTS,
  FIXTURE_POSTS,
  type FixtureComment,
  type FixturePost,
  matchesQuery,
} from './forum-corpus.js';

/**
 * PullPush (pullpush.io, the Pushshift-compatible API): `/reddit/search/submission/` and
 * `/reddit/search/comment/` with `q` (Pushshift syntax: `|` for OR), `subreddit`, `author`,
 * `after`/`before` (epoch seconds), `size` (at most 100), `sort`, `sort_type`; answers
 * `{data: [...]}` with the Pushshift fields (`utc_datetime_str`, `retrieved_on`). It accepts an
 * unscoped `q`. Triggers: subreddit `slowsub`, `downsub` (500).
 */
export async function startPullPushFake(options: FakeOptions & SlowOption = {}): Promise<FakeServer> {
  return startFake((request) => {
    const path = request.path.replace(/\/$/, '');
    if (path !== '/reddit/search/submission' && path !== '/reddit/search/comment') {
      return { status: 404, body: { detail: 'Not Found' } };
    }
    const q = request.query;
    const subreddit = q.get('subreddit') ?? undefined;
    if (subreddit === 'slowsub')
      return { status: 200, body: { data: [] }, delayMs: options.slowMs ?? DEFAULT_SLOW_MS };
    if (subreddit === 'downsub')
      return { status: 500, headers: { 'content-type': 'text/html' }, body: '<h1>502 Bad Gateway</h1>' };
    const size = Number(q.get('size') ?? '25');
    if (!Number.isInteger(size) || size < 1 || size > 100)
      return { status: 422, body: { detail: 'size must be between 1 and 100' } };
    if (q.has('limit')) return { status: 422, body: { detail: 'unknown parameter limit; use size' } };
    const text = q.get('q');
    if (text?.includes(' OR ')) return { status: 422, body: { detail: 'use | for OR' } };
    const author = q.get('author') ?? undefined;
    const after = q.get('after');
    const before = q.get('before');
    const posts = path.endsWith('submission');
    const records: (FixturePost | FixtureComment)[] = posts ? FIXTURE_POSTS : FIXTURE_COMMENTS;
    const found = records
      .filter((record) => !subreddit || record.subreddit.toLowerCase() === subreddit.toLowerCase())
      .filter((record) => !author || record.author.toLowerCase() === author.toLowerCase())
      .filter((record) => after === null || record.created_utc > Number(after))
      .filter((record) => before === null || record.created_utc < Number(before))
      .filter(
        (record) =>
          !text || matchesQuery('title' in record ? `${record.title} ${record.selftext}` : record.body, text),
      )
      .sort((a, b) =>
        q.get('sort') === 'asc' ? a.created_utc - b.created_utc : b.created_utc - a.created_utc,
      )
      .slice(0, size)
      .map((record) => ({
        ...record,
        utc_datetime_str: new Date(record.created_utc * 1000).toISOString().replace('T', ' ').slice(0, 19),
        retrieved_on: record.created_utc + 60,
      }));
    return { status: 200, body: { data: found } };
  }, options);
}
