import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  html,
  type PlatformServer,
  platformFixture,
  startPlatformServer,
} from '../../../../test/templates/platform-server.js';
import { runTemplate } from '../../../../test/templates/run-template.js';
import { videoSiteVideo } from './index.js';

let server: PlatformServer;

beforeAll(async () => {
  server = await startPlatformServer({
    'www.youtube.com/watch': (req, res, request) =>
      request.query.get('v') === 'dQ4sZ9kLm2Q'
        ? html(platformFixture('video-site-video/watch.html'))(req, res, request)
        : html(
            '<html><body><script>var ytInitialPlayerResponse = {"playabilityStatus":{"status":"ERROR","reason":"Video unavailable"}};</script><p>Video unavailable. This video is no longer available.</p></body></html>',
          )(req, res, request),
  });
});
afterAll(() => server.close());

describe('video-site-video', () => {
  it('reads the embedded player response and initial data into the video record', async () => {
    const run = await runTemplate(server, videoSiteVideo, { url: 'https://youtu.be/dQ4sZ9kLm2Q' });
    expect(run.fetchedUrl).toBe('https://www.youtube.com/watch?v=dQ4sZ9kLm2Q&hl=en');
    expect(run.data).toEqual({
      video_id: 'dQ4sZ9kLm2Q',
      title: 'How sourdough actually works',
      url: 'https://www.youtube.com/watch?v=dQ4sZ9kLm2Q',
      channel: {
        id: 'UC8butISFwT-Wl7EV0hUK0BQ',
        name: 'Crumb Lab',
        handle: '@crumblab',
        url: 'https://www.youtube.com/@crumblab',
        subscribers: 212000,
      },
      description: 'Wild yeast, lactobacilli and time.\n\nChapters:\n0:00 Intro\n2:14 Starter',
      duration_seconds: 754,
      views: 1284733,
      likes: 48213,
      comments: 1932,
      published_at: '2024-02-11T15:00:05.000Z',
      uploaded_at: '2024-02-11T15:00:05.000Z',
      category: 'Howto & Style',
      keywords: ['sourdough', 'fermentation', 'baking'],
      thumbnail: 'https://i.ytimg.com/vi/dQ4sZ9kLm2Q/maxresdefault.jpg',
      is_live: false,
      is_family_safe: true,
      is_unlisted: false,
    });
  });

  it('answers NO_TEMPLATE_MATCH with the site’s reason for a video that is gone', async () => {
    await expect(
      runTemplate(server, videoSiteVideo, { url: 'https://www.youtube.com/watch?v=xxxxxxxxxxx' }),
    ).rejects.toMatchObject({
      code: 'NO_TEMPLATE_MATCH',
      message: expect.stringContaining('Video unavailable'),
    });
  });

  it('recognises every form of a video URL', () => {
    for (const example of videoSiteVideo.examples)
      expect(videoSiteVideo.match(new URL(example))).toBe('host');
    expect(videoSiteVideo.match(new URL('https://www.youtube.com/@crumblab'))).toBeNull();
    expect(videoSiteVideo.match(new URL('https://www.youtube.com/watch?list=PL123'))).toBeNull();
  });
});
