import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  html,
  type PlatformServer,
  platformFixture,
  startPlatformServer,
} from '../../../../test/templates/platform-server.js';
import { runTemplate } from '../../../../test/templates/run-template.js';
import { launchSiteLaunch } from './index.js';

let server: PlatformServer;

/** The older pages: `__NEXT_DATA__` with a normalized Apollo 3 cache and `__ref` pointers. */
const NEXT_DATA_PAGE = `<!DOCTYPE html><html><head><title>Camp Stove - Boil water in 90 seconds | Product Hunt</title></head><body><div id="__next"></div><script id="__NEXT_DATA__" type="application/json">${JSON.stringify(
  {
    props: {
      pageProps: {},
      apolloState: {
        'Post:77001': {
          __typename: 'Post',
          id: '77001',
          slug: 'camp-stove',
          name: 'Camp Stove',
          tagline: 'Boil water in 90 seconds',
          votesCount: 240,
          commentsCount: 31,
          dailyRank: 5,
          createdAt: '2023-05-02T00:01:00-07:00',
          featuredAt: null,
          topics: {
            __typename: 'TopicConnection',
            edges: [{ __typename: 'TopicEdge', node: { __ref: 'Topic:12' } }],
          },
          makers: [{ __ref: 'User:9' }],
          product: { __ref: 'Product:500' },
        },
        'Topic:12': { __typename: 'Topic', id: '12', name: 'Outdoors', slug: 'outdoors' },
        'User:9': { __typename: 'User', id: '9', name: 'Kim Lee', username: 'kimlee', headline: 'Maker' },
        'Product:500': {
          __typename: 'Product',
          id: '500',
          slug: 'camp-stove',
          name: 'Camp Stove',
          reviewsRating: 4.2,
          reviewsCount: 5,
        },
      },
    },
    page: '/posts/[slug]',
    query: { slug: 'camp-stove' },
    buildId: 'xYz123',
  },
)}</script></body></html>`;

beforeAll(async () => {
  server = await startPlatformServer({
    'www.producthunt.com/posts/fleetctl': html(platformFixture('launch-site-launch/post.html')),
    'www.producthunt.com/posts/camp-stove': html(NEXT_DATA_PAGE),
  });
});
afterAll(() => server.close());

describe('launch-site-launch', () => {
  it('reads the launch from the Apollo SSR transport of the page', async () => {
    const run = await runTemplate(server, launchSiteLaunch, {
      url: 'https://www.producthunt.com/posts/fleetctl',
    });
    expect(run.data).toEqual({
      id: '482113',
      slug: 'fleetctl',
      name: 'Fleetctl',
      tagline: 'Route 4,000 robots from one CLI',
      description:
        'Fleetctl schedules, routes and updates warehouse robots from your terminal. Open source, Apache-2.0.',
      url: 'https://www.producthunt.com/posts/fleetctl',
      website: 'https://fleetctl.dev',
      votes: 612,
      comments: 88,
      daily_rank: 2,
      weekly_rank: 9,
      launched_at: '2024-09-12T07:01:00.000Z',
      created_at: '2024-09-12T07:01:00.000Z',
      featured: true,
      topics: ['Developer Tools', 'Robots'],
      makers: [
        { name: 'Dana Smith', username: 'danasmith', headline: 'Building fleetctl at Acme Robotics' },
        { name: 'Lee Park', username: 'leepark', headline: null },
      ],
      media: [
        {
          type: 'image',
          url: 'https://ph-files.imgix.net/8b1c2d3e-4f5a-6b7c-8d9e-0f1a2b3c4d5e.png',
          video_url: null,
        },
        {
          type: 'video',
          url: 'https://ph-files.imgix.net/9c2d3e4f-5a6b-7c8d-9e0f-1a2b3c4d5e6f.jpeg',
          video_url: 'https://www.youtube.com/watch?v=dQ4sZ9kLm2Q',
        },
      ],
      thumbnail:
        'https://ph-files.imgix.net/5a7e2f1c-0d3b-4f4e-9c2a-1b2c3d4e5f60.png?auto=format&fit=crop&h=512&w=1024',
      product: {
        id: '598431',
        slug: 'fleetctl',
        name: 'Fleetctl',
        reviews_rating: 4.8,
        reviews_count: 23,
        followers: 640,
      },
    });
  });

  it('reads a normalized Apollo cache in __NEXT_DATA__, following its references', async () => {
    const run = await runTemplate(server, launchSiteLaunch, {
      url: 'https://www.producthunt.com/posts/camp-stove',
    });
    expect(run.data).toMatchObject({
      id: '77001',
      name: 'Camp Stove',
      votes: 240,
      comments: 31,
      daily_rank: 5,
      featured: false,
      launched_at: '2023-05-02T07:01:00.000Z',
      topics: ['Outdoors'],
      makers: [{ name: 'Kim Lee', username: 'kimlee', headline: 'Maker' }],
      product: { name: 'Camp Stove', reviews_rating: 4.2 },
    });
  });

  it('recognises launch URLs', () => {
    for (const example of launchSiteLaunch.examples)
      expect(launchSiteLaunch.match(new URL(example))).toBe('host');
    expect(launchSiteLaunch.match(new URL('https://www.producthunt.com/topics/robots'))).toBeNull();
  });
});
