import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  json,
  type PlatformServer,
  platformFixture,
  startPlatformServer,
} from '../../../../test/templates/platform-server.js';
import { runTemplate } from '../../../../test/templates/run-template.js';
import { encyclopediaArticle } from './index.js';

let server: PlatformServer;

beforeAll(async () => {
  server = await startPlatformServer({
    'en.wikipedia.org/api/rest_v1/page/summary/Sourdough': json(
      platformFixture('encyclopedia-article/summary.json'),
    ),
    'en.wikipedia.org/api/rest_v1/page/summary/No_such_page_xyz': json(
      {
        type: 'https://mediawiki.org/wiki/HyperSwitch/errors/not_found',
        title: 'Not found.',
        method: 'get',
        detail: 'Page or revision not found.',
        uri: '/en.wikipedia.org/v1/page/summary/No_such_page_xyz',
      },
      404,
    ),
  });
});
afterAll(() => server.close());

describe('encyclopedia-article', () => {
  it('reads the page summary of an article', async () => {
    const run = await runTemplate(server, encyclopediaArticle, {
      url: 'https://en.m.wikipedia.org/wiki/Sourdough',
    });
    expect(run.fetchedUrl).toBe('https://en.wikipedia.org/api/rest_v1/page/summary/Sourdough');
    expect(run.data).toEqual({
      title: 'Sourdough',
      page_id: 296453,
      language: 'en',
      type: 'standard',
      disambiguation: false,
      description: 'Bread made by fermentation of dough using naturally occurring lactobacilli and yeast',
      extract: expect.stringMatching(/^Sourdough is a type of bread .* keeping qualities\.$/),
      url: 'https://en.wikipedia.org/wiki/Sourdough',
      thumbnail:
        'https://upload.wikimedia.org/wikipedia/commons/thumb/2/25/Home_made_sour_dough_bread.jpg/320px-Home_made_sour_dough_bread.jpg',
      image: 'https://upload.wikimedia.org/wikipedia/commons/2/25/Home_made_sour_dough_bread.jpg',
      coordinates: null,
      wikibase_item: 'Q1409447',
      revision: '1243210987',
      updated_at: '2024-09-01T12:04:33.000Z',
    });
  });

  it('passes a missing article on as the 404 it is', async () => {
    await expect(
      runTemplate(server, encyclopediaArticle, { url: 'https://en.wikipedia.org/wiki/No_such_page_xyz' }),
    ).rejects.toMatchObject({ code: 'UPSTREAM_HTTP', status: 404 });
  });

  it('recognises articles, not the site’s own pages', () => {
    for (const example of encyclopediaArticle.examples)
      expect(encyclopediaArticle.match(new URL(example))).toBe('host');
    expect(encyclopediaArticle.match(new URL('https://en.wikipedia.org/wiki/Special:Random'))).toBeNull();
    expect(
      encyclopediaArticle.match(new URL('https://en.wikipedia.org/w/index.php?title=Sourdough')),
    ).toBeNull();
  });
});
