import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  json,
  type PlatformServer,
  platformFixture,
  startPlatformServer,
} from '../../../../test/templates/platform-server.js';
import { runTemplate } from '../../../../test/templates/run-template.js';
import { forumThread } from './index.js';

let server: PlatformServer;
const THREAD = '/r/Sourdough/comments/1f3k9qz/my_starter_doubled_in_4_hours_what_changed';

beforeAll(async () => {
  const thread = json(platformFixture('forum-thread/thread.json'));
  server = await startPlatformServer({
    [`www.reddit.com${THREAD}.json`]: thread,
    'www.reddit.com/comments/1f3k9qz.json': thread,
  });
});
afterAll(() => server.close());

describe('forum-thread', () => {
  it('reads the thread listing: the post as a forum result, comments nested, collapsed branches counted', async () => {
    const run = await runTemplate(server, forumThread, { url: `https://old.reddit.com${THREAD}/` });
    expect(run.fetchedUrl).toBe(`https://www.reddit.com${THREAD}.json?raw_json=1`);
    const data = run.data as Record<string, unknown>;
    expect(data.post).toEqual({
      id: '1f3k9qz',
      title: 'My starter doubled in 4 hours. What changed?',
      author: 'OP_bakes_a_lot',
      subreddit: 'Sourdough',
      created_utc: 1724940000,
      created_iso: '2024-08-29T14:00:00.000Z',
      score: 1342,
      num_comments: 19,
      upvote_ratio: 0.97,
      flair: 'Starter help',
      over_18: false,
      selftext:
        'Fed it at 9 am with 1:1:1 as usual and by 1 pm it had doubled. Normally it takes 8 hours.\n\nSame flour, same water. What changed?',
      selftext_truncated: false,
      url: `https://www.reddit.com${THREAD}/`,
      permalink: `https://www.reddit.com${THREAD}/`,
    });
    expect(data.comment_count).toBe(3);
    expect(data.comments_collapsed).toBe(17);
    const comments = data.comments as Record<string, unknown>[];
    expect(comments).toHaveLength(3);
    expect(comments[0]).toMatchObject({
      id: 'lkpz8a1',
      author: 'levain_lisa',
      body: 'Temperature. Yeast activity roughly doubles every 8 °C between 20 and 30.',
      score: 412,
      depth: 0,
      created_iso: '2024-08-29T14:20:34.000Z',
      permalink: `https://www.reddit.com${THREAD}/lkpz8a1/`,
      replies: [
        expect.objectContaining({
          id: 'lkq1b3c',
          depth: 1,
          replies: [{ more_count: 3, more_ids: ['lkq4d2a', 'lkq5e7b', 'lkq6f1c'] }],
        }),
      ],
    });
    expect(comments[1]).toMatchObject({ id: 'lkq0c9d', is_submitter: true, replies: [] });
    expect(comments[2]).toEqual({ more_count: 14, more_ids: ['lkq9z9z', 'lkqa1b2'] });
  });

  it('reads a short link through the thread id', async () => {
    const run = await runTemplate(server, forumThread, { url: 'https://redd.it/1f3k9qz' });
    expect(run.fetchedUrl).toBe('https://www.reddit.com/comments/1f3k9qz.json?raw_json=1');
  });

  it('recognises thread URLs only', () => {
    for (const example of forumThread.examples) expect(forumThread.match(new URL(example))).toBe('host');
    expect(forumThread.match(new URL('https://www.reddit.com/r/Sourdough/'))).toBeNull();
    expect(forumThread.match(new URL('https://www.reddit.com/user/levain_lisa/'))).toBeNull();
  });
});
