import {
  DEFAULT_SLOW_MS,
  type FakeAnswer,
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
 * Arctic Shift (github.com/ArthurHeitmann/arctic_shift, api/README.md). `/api/posts/search` and
 * `/api/comments/search` answer `{data: [...]}`, newest first unless `sort=asc`; full-text
 * parameters (`query`, `title`, `selftext`, `body`) only with `author` or `subreddit`;
 * `/api/comments/tree` answers Reddit listings (`{kind: 't1', data: {..., replies}}`) and collapses
 * what exceeds `limit` into `{kind: 'more', data: {count, children}}`; `/api/posts/ids`. Failures are
 * `{error: "..."}`, like "Query timed out".
 *
 * Triggers: subreddit `slowsub` (slow), `downsub` or `arcticdown` (500), `timeoutsub` (its query
 * timeout), `garbledsub` (malformed JSON).
 */
export async function startArcticShiftFake(options: FakeOptions & SlowOption = {}): Promise<FakeServer> {
  return startFake((request) => {
    const q = request.query;
    const subreddit = q.get('subreddit')?.replace(/^\/?r\//i, '') ?? undefined;
    const failure = subredditFailure(subreddit, options);
    if (failure) return failure;
    switch (request.path) {
      case '/api/posts/search':
      case '/api/comments/search': {
        const posts = request.path === '/api/posts/search';
        const text = posts ? (q.get('query') ?? q.get('title') ?? q.get('selftext')) : q.get('body');
        const author = q.get('author')?.replace(/^\/?u\//i, '') ?? undefined;
        if (text && !subreddit && !author) {
          return error(
            400,
            `Full text search (${posts ? 'query' : 'body'}) is only supported in combination with author or subreddit`,
          );
        }
        const limit = Number(q.get('limit') ?? '25');
        if (!Number.isInteger(limit) || limit < 1 || limit > 100)
          return error(400, 'Invalid limit, must be between 1 and 100');
        const after = q.get('after');
        const before = q.get('before');
        for (const value of [after, before]) {
          if (value !== null && !/^\d+$/.test(value)) return error(400, `Invalid date: ${value}`);
        }
        const records: (FixturePost | FixtureComment)[] = posts ? FIXTURE_POSTS : FIXTURE_COMMENTS;
        const found = records
          .filter((record) => !subreddit || record.subreddit.toLowerCase() === subreddit.toLowerCase())
          .filter((record) => !author || record.author.toLowerCase() === author.toLowerCase())
          .filter((record) => after === null || record.created_utc > Number(after))
          .filter((record) => before === null || record.created_utc < Number(before))
          .filter(
            (record) =>
              !text ||
              matchesQuery('title' in record ? `${record.title} ${record.selftext}` : record.body, text),
          )
          .sort((a, b) =>
            q.get('sort') === 'asc' ? a.created_utc - b.created_utc : b.created_utc - a.created_utc,
          )
          .slice(0, limit)
          .map((record) => ({
            ...record,
            author_fullname: `t2_${record.author.length}x`,
            retrieved_on: record.created_utc + 30,
            subreddit_id: 't5_2qh1i',
          }));
        return { status: 200, body: { data: found } };
      }
      case '/api/posts/ids': {
        const ids = (q.get('ids') ?? '').split(',').map((id) => id.replace(/^t3_/, ''));
        return { status: 200, body: { data: FIXTURE_POSTS.filter((entry) => ids.includes(entry.id)) } };
      }
      case '/api/comments/tree': {
        const linkId = q.get('link_id') ?? '';
        if (!/^t3_[a-z0-9]+$/.test(linkId)) return error(400, 'link_id is required');
        const limit = Number(q.get('limit') ?? '50');
        const budget = { left: limit };
        return { status: 200, body: { data: listing(linkId, linkId, budget, 0) } };
      }
      default:
        return error(404, 'Not found');
    }
  }, options);
}

function subredditFailure(subreddit: string | undefined, options: SlowOption): FakeAnswer | null {
  if (subreddit === 'slowsub')
    return { status: 200, body: { data: [] }, delayMs: options.slowMs ?? DEFAULT_SLOW_MS };
  if (subreddit === 'downsub' || subreddit === 'arcticdown') return error(500, 'Internal server error');
  if (subreddit === 'timeoutsub') return error(500, 'Query timed out');
  if (subreddit === 'garbledsub')
    return { status: 200, headers: { 'content-type': 'application/json' }, body: '{"data": [{"id": ' };
  return null;
}

/** The children of `parent` as a Reddit listing, comments beyond the budget collapsed into one `more`. */
function listing(linkId: string, parent: string, budget: { left: number }, depth: number): unknown[] {
  const children = FIXTURE_COMMENTS.filter((entry) => entry.link_id === linkId && entry.parent_id === parent);
  const out: unknown[] = [];
  for (let index = 0; index < children.length; index += 1) {
    if (budget.left <= 0) {
      const rest = children.slice(index);
      const count = rest.reduce((sum, child) => sum + 1 + descendants(linkId, child.id), 0);
      out.push({
        kind: 'more',
        data: {
          count,
          name: `t1_${rest[0].id}`,
          id: rest[0].id,
          parent_id: parent,
          depth,
          children: rest.map((child) => child.id),
        },
      });
      break;
    }
    budget.left -= 1;
    const child = children[index];
    const replies = listing(linkId, `t1_${child.id}`, budget, depth + 1);
    out.push({
      kind: 't1',
      data: { ...child, replies: replies.length ? { kind: 'Listing', data: { children: replies } } : '' },
    });
  }
  return out;
}

function descendants(linkId: string, id: string): number {
  return FIXTURE_COMMENTS.filter(
    (entry) => entry.link_id === linkId && entry.parent_id === `t1_${id}`,
  ).reduce((sum, child) => sum + 1 + descendants(linkId, child.id), 0);
}

function error(status: number, message: string): FakeAnswer {
  return { status, body: { error: message } };
}
