import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseForumDate } from '../../lib/tools/forum-search/dates.js';
import { forumSearchTool } from '../../lib/tools/forum-search/index.js';
import { startArcticShiftFake } from '../fakes/arctic-shift.js';
import type { FakeServer } from '../fakes/fake-http.js';
import { CORPUS_EPOCH } from '../fakes/forum-corpus.js';
import { startPullPushFake } from '../fakes/pullpush.js';
import { startSearxngFake } from '../fakes/searxng.js';
import { type Harness, startHarness } from '../support/harness.js';
import { TEST_PROVIDER_TIMEOUT_MS, TEST_SLOW_MS } from './provider-support.js';

let arctic: FakeServer;
let pullpush: FakeServer;
let searxng: FakeServer;
let harness: Harness;
let noSearch: Harness;

/** What the web search finds for reddit: thread URLs among other pages, one thread twice. */
const redditCorpus = () => [
  {
    url: 'https://www.reddit.com/r/rust/comments/1d5abc3/tokio_graceful_shutdown_patterns/',
    title: 'Tokio graceful shutdown patterns : r/rust',
    snippet: 'Shutdown with a cancellation token.',
  },
  { url: 'https://www.reddit.com/r/rust/', title: 'r/rust - Reddit', snippet: 'The Rust community.' },
  {
    url: 'https://old.reddit.com/r/programming/comments/1d5abc4/async_await_in_five_languages/',
    title: 'Async await in five languages - Reddit',
    snippet: 'Comparing async await.',
  },
  {
    url: 'https://www.reddit.com/r/rust/comments/1d5abc3/tokio_graceful_shutdown_patterns/?sort=top',
    title: 'Tokio graceful shutdown patterns : r/rust',
    snippet: 'Duplicate of the first.',
  },
  ...Array.from({ length: 14 }, (_, i) => ({
    url: `https://www.reddit.com/r/learnrust/comments/zz${i}x/thread_${i}/`,
    title: `Thread ${i} : r/learnrust`,
    snippet: `Thread ${i}.`,
  })),
];

beforeAll(async () => {
  arctic = await startArcticShiftFake({ slowMs: TEST_SLOW_MS });
  pullpush = await startPullPushFake({ slowMs: TEST_SLOW_MS });
  searxng = await startSearxngFake({ corpus: redditCorpus });
  const env = {
    PROVIDER_TIMEOUT_MS: TEST_PROVIDER_TIMEOUT_MS,
    ARCTIC_SHIFT_URL: arctic.url,
    PULLPUSH_URL: pullpush.url,
  };
  harness = await startHarness({ tools: [forumSearchTool], env: { ...env, SEARXNG_URL: searxng.url } });
  noSearch = await startHarness({ tools: [forumSearchTool], env });
});
afterAll(async () => {
  await Promise.all([harness?.close(), noSearch?.close()]);
  await Promise.all([arctic?.close(), pullpush?.close(), searxng?.close()]);
});

const forum = (body: Record<string, unknown>, key: string, h = harness) => h.tool('forum_search', body, key);

describe('forum_search on the archives', () => {
  it('searches posts of a community on archive_a and returns docs/reference/providers.md#forum_search records, charging 5', async () => {
    const account = await harness.account({ credits: 100 });
    const before = arctic.requests.length;
    const res = await forum({ subreddit: 'r/rust', query: 'tokio', limit: 10 }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.credits_used).toBe(5);
    const data = res.body.data;
    expect(data).toMatchObject({
      source: 'archive_a',
      mode: 'posts',
      query: 'tokio',
      subreddit: 'rust',
      author: null,
      count: 2,
    });
    expect(data).not.toHaveProperty('fallback_used');
    expect(data.checkedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(data.results.map((record: { id: string }) => record.id)).toEqual(['1d5abc3', '1d5abc1']);
    expect(data.results[0]).toEqual({
      id: '1d5abc3',
      title: 'Tokio graceful shutdown patterns',
      author: 'ferris_fan',
      subreddit: 'rust',
      created_utc: CORPUS_EPOCH + 5 * 86_400,
      created_iso: '2024-06-06T00:00:00.000Z',
      score: 125,
      num_comments: 14,
      upvote_ratio: 0.97,
      flair: 'Tutorial',
      over_18: false,
      selftext: 'Shutdown with a cancellation token and a join set works well for servers.',
      selftext_truncated: false,
      url: 'https://www.reddit.com/r/rust/comments/1d5abc3/tokio_graceful_shutdown_patterns/',
      permalink: 'https://www.reddit.com/r/rust/comments/1d5abc3/tokio_graceful_shutdown_patterns/',
    });
    const sent = arctic.requests[before];
    expect(sent.path).toBe('/api/posts/search');
    expect(Object.fromEntries(sent.query)).toEqual({
      query: 'tokio',
      subreddit: 'rust',
      limit: '10',
      sort: 'desc',
    });
  });

  it('passes quoted phrases, OR and -exclusion through, and resolves dates to epoch seconds', async () => {
    const account = await harness.account({ credits: 100 });
    const before = arctic.requests.length;
    const res = await forum(
      {
        author: 'u/ferris_fan',
        query: '"graceful shutdown" OR benchmarked -smol',
        after: '2024-06-01',
        before: 1_718_000_000,
        sort: 'asc',
      },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // "benchmarked" matches 1d5abc1 but it says smol, so only the shutdown post is left.
    expect(res.body.data.results.map((record: { id: string }) => record.id)).toEqual(['1d5abc3']);
    expect(Object.fromEntries(arctic.requests[before].query)).toMatchObject({
      author: 'ferris_fan',
      query: '"graceful shutdown" OR benchmarked -smol',
      after: String(CORPUS_EPOCH),
      before: '1718000000',
      sort: 'asc',
    });
  });

  it('caps selftext at 2,000 characters and says so', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await forum({ subreddit: 'programming', author: 'ferris_fan' }, account.key);
    const [record] = res.body.data.results;
    expect(record.selftext).toHaveLength(2_000);
    expect(record.selftext_truncated).toBe(true);
  });

  it('searches comments, a comment record carrying its body as text', async () => {
    const account = await harness.account({ credits: 100 });
    const before = arctic.requests.length;
    const res = await forum({ mode: 'comments', subreddit: 'rust', query: 'ecosystem' }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(arctic.requests[before].path).toBe('/api/comments/search');
    expect(arctic.requests[before].query.get('body')).toBe('ecosystem');
    expect(res.body.data.results.map((record: { id: string }) => record.id)).toEqual(['l6c0002', 'l6c0001']);
    expect(res.body.data.results[0]).toMatchObject({
      title: null,
      selftext: 'Agreed, the ecosystem decided it for me.',
      num_comments: null,
      permalink:
        'https://www.reddit.com/r/rust/comments/1d5abc1/async_runtime_comparison_tokio_vs_smol/l6c0002/',
    });
  });

  it('returns a thread with nested comments and collapsed branches', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await forum({ mode: 'thread', link_id: 't3_1d5abc1', limit: 3 }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({
      source: 'archive_a',
      mode: 'thread',
      link_id: 't3_1d5abc1',
      comment_count: 3,
      comments_collapsed: 2,
      count: 3,
    });
    expect(data.post).toMatchObject({ id: '1d5abc1', title: 'Async runtime comparison: tokio vs smol' });
    expect(data.comments).toHaveLength(2);
    const [first, collapsed] = data.comments;
    expect(first).toMatchObject({ id: 'l6c0001', author: 'smol_user', depth: 0 });
    expect(first.replies[0]).toMatchObject({ id: 'l6c0002', depth: 1 });
    expect(first.replies[0].replies[0]).toMatchObject({ id: 'l6c0003', depth: 2, replies: [] });
    expect(collapsed).toEqual({ more_count: 2, more_ids: ['l6c0004', 'l6c0005'] });
    const sent = arctic.requestsTo('/api/comments/tree').at(-1);
    expect(Object.fromEntries(sent?.query ?? [])).toEqual({ link_id: 't3_1d5abc1', limit: '3' });
  });

  it('falls back to archive_b when archive_a fails, and says so', async () => {
    const account = await harness.account({ credits: 100 });
    const before = pullpush.requests.length;
    const res = await forum({ subreddit: 'arcticdown', query: 'anything OR else' }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ source: 'archive_b', fallback_used: true, count: 0 });
    expect(res.body.data.notes.join(' ')).toContain('archive_a failed');
    const sent = pullpush.requests[before];
    expect(sent.path).toBe('/reddit/search/submission/');
    expect(Object.fromEntries(sent.query)).toEqual({
      q: 'anything|else',
      subreddit: 'arcticdown',
      size: '25',
      sort: 'desc',
      sort_type: 'created_utc',
    });
  });

  it('falls back on a timeout of archive_a too', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await forum({ subreddit: 'timeoutsub' }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.fallback_used).toBe(true);
  });

  it('answers 502 when both archives fail, uncharged', async () => {
    const account = await harness.account({ credits: 100 });
    for (const subreddit of ['downsub', 'slowsub']) {
      const res = await forum({ subreddit }, account.key);
      expect(res.status, JSON.stringify(res.body)).toBe(502);
      expect(res.body.error.message).toContain('Both forum archives failed');
    }
    expect(await account.balance()).toBe(100);
  });

  it('answers 502 for malformed JSON from the archive named as source', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await forum({ subreddit: 'garbledsub', source: 'archive_a' }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(502);
    const archiveB = await forum({ subreddit: 'downsub', source: 'archive_b' }, account.key);
    expect(archiveB.status, JSON.stringify(archiveB.body)).toBe(502);
    expect(archiveB.body.error.provider).toBe('PullPush');
    expect(await account.balance()).toBe(100);
  });
});

describe('forum_search web discovery', () => {
  it('sends an unscoped keyword search to the web search, at most 10 posts by relevance, dates ignored', async () => {
    const account = await harness.account({ credits: 100 });
    const before = searxng.requests.length;
    const res = await forum({ query: 'tokio shutdown', after: '7d', limit: 50 }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(searxng.requests[before].query.get('q')).toBe('tokio shutdown site:reddit.com');
    const data = res.body.data;
    expect(data.source).toBe('web_discovery');
    expect(data.count).toBe(10);
    expect(data.results[0]).toEqual({
      id: '1d5abc3',
      title: 'Tokio graceful shutdown patterns',
      author: null,
      subreddit: 'rust',
      created_utc: null,
      created_iso: null,
      score: null,
      num_comments: null,
      upvote_ratio: null,
      flair: null,
      over_18: null,
      selftext: 'Shutdown with a cancellation token.',
      selftext_truncated: false,
      url: 'https://www.reddit.com/r/rust/comments/1d5abc3/tokio_graceful_shutdown_patterns/',
      permalink: 'https://www.reddit.com/r/rust/comments/1d5abc3/tokio_graceful_shutdown_patterns/',
    });
    expect(data.results[1]).toMatchObject({
      id: '1d5abc4',
      subreddit: 'programming',
      title: 'Async await in five languages',
    });
    expect(data.notes[0]).toContain('ordered by relevance');
    expect(data.notes[0]).toContain('after, before');
  });

  it('answers an unscoped search on archive_b when no web search provider is configured', async () => {
    const account = await noSearch.account({ credits: 100 });
    const res = await forum({ query: 'tokio' }, account.key, noSearch);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ source: 'archive_b', fallback_used: true });
    expect(res.body.data.results.map((record: { id: string }) => record.id)).toEqual(['1d5abc3', '1d5abc1']);
  });

  it('answers 503 for source web_discovery without a provider, naming the variables', async () => {
    const account = await noSearch.account({ credits: 100 });
    const res = await forum({ query: 'tokio', source: 'web_discovery' }, account.key, noSearch);
    expect(res.status, JSON.stringify(res.body)).toBe(503);
    expect(res.body.error.message).toContain('SEARXNG_URL');
    expect(await account.balance()).toBe(100);
  });
});

describe('forum_search validation', () => {
  it.each([
    [{}, 'query'],
    [{ query: 'tokio', source: 'archive_a' }, 'source'],
    [{ mode: 'thread', link_id: 'abc', source: 'archive_b' }, 'source'],
    [{ mode: 'thread', link_id: 'abc', source: 'web_discovery' }, 'source'],
    [{ mode: 'thread' }, 'link_id'],
    [{ subreddit: 'rust', after: 'last tuesday' }, 'after'],
    [{ subreddit: 'rust', before: '2024-02-30' }, 'before'],
    [{ subreddit: 'rust', after: '2024-06-02', before: '2024-06-01' }, 'after'],
    [{ subreddit: 'rust', limit: 101 }, 'limit'],
  ])('refuses %j with 400 on %s, uncharged', async (body, field) => {
    const account = await harness.account({ credits: 100 });
    const res = await forum(body, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.details.map((detail: { field: string }) => detail.field)).toContain(field);
    expect(await account.balance()).toBe(100);
  });

  it('reads ISO 8601, epoch seconds and offsets', () => {
    const now = Date.UTC(2024, 5, 10);
    expect(parseForumDate('2024-06-01', now)).toBe(CORPUS_EPOCH);
    expect(parseForumDate('2024-06-01T02:00:00+02:00', now)).toBe(CORPUS_EPOCH);
    expect(parseForumDate('1717200000', now)).toBe(CORPUS_EPOCH);
    expect(parseForumDate('1717200000000', now)).toBe(CORPUS_EPOCH);
    expect(parseForumDate('7d', now)).toBe(now / 1000 - 7 * 86_400);
    expect(parseForumDate('12h', now)).toBe(now / 1000 - 12 * 3_600);
    expect(parseForumDate('30min', now)).toBe(now / 1000 - 1_800);
    expect(parseForumDate('yesterday', now)).toBeNull();
  });
});
