import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  html,
  type PlatformServer,
  platformFixture,
  startPlatformServer,
} from '../../../../test/templates/platform-server.js';
import { runTemplate } from '../../../../test/templates/run-template.js';
import { newsAggregatorFrontPage } from './index.js';

let server: PlatformServer;

beforeAll(async () => {
  server = await startPlatformServer({
    'news.ycombinator.com/': html(platformFixture('news-aggregator-front-page/front.html')),
  });
});
afterAll(() => server.close());

type Items = { items: Record<string, unknown>[]; count: number; next_url: string | null };

describe('news-aggregator-front-page', () => {
  it('lists every story with rank, link, points, author, time and comments', async () => {
    const run = await runTemplate(server, newsAggregatorFrontPage, { url: 'https://news.ycombinator.com/' });
    const data = run.data as Items;
    expect(data.count).toBe(4);
    expect(data.next_url).toBe('https://news.ycombinator.com/?p=2');
    expect(data.items[0]).toEqual({
      rank: 1,
      id: '41512345',
      title: 'The physics of sourdough',
      url: 'https://example.org/sourdough-physics',
      site: 'example.org',
      score: 412,
      author: 'levain',
      created_at: '2024-09-12T08:14:02.000Z',
      age: '5 hours ago',
      comments: 187,
      discussion_url: 'https://news.ycombinator.com/item?id=41512345',
      type: 'story',
    });
    expect(data.items[1]).toMatchObject({
      type: 'ask',
      url: 'https://news.ycombinator.com/item?id=41513002',
      site: null,
      comments: 54,
    });
    expect(data.items[2]).toMatchObject({ type: 'show', comments: 0, site: 'github.com/acme-robotics' });
    expect(data.items[3]).toMatchObject({ type: 'job', score: null, author: null, comments: null, rank: 4 });
  });

  it('recognises the list pages of the site', () => {
    for (const example of newsAggregatorFrontPage.examples) {
      expect(newsAggregatorFrontPage.match(new URL(example))).toBe('host');
    }
    expect(
      newsAggregatorFrontPage.match(new URL('https://news.ycombinator.com/item?id=41512345')),
    ).toBeNull();
  });
});
