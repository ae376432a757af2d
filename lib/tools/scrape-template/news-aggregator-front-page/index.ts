import type { CheerioAPI } from 'cheerio/slim';
import type { Element } from 'domhandler';
import { ApiError } from '../../../errors/api-error.js';
import { listResult } from '../shared/list-result.js';
import { absoluteUrl, firstAttr, firstText, parsePage } from '../shared/markup.js';
import { countOf, isoTime, numberOf } from '../shared/values.js';
import { definePageTemplate } from '../template.js';

const HOST = 'news.ycombinator.com';
const LIST_PAGES = new Set([
  '/',
  '/news',
  '/newest',
  '/front',
  '/ask',
  '/show',
  '/best',
  '/active',
  '/jobs',
  '/classic',
]);

export const newsAggregatorFrontPage = definePageTemplate({
  id: 'news-aggregator-front-page',
  name: 'News aggregator front page',
  description:
    'A front page (or new, past, ask, show, jobs page) of the best-known technology news aggregator: every story ' +
    'with rank, title, link, site, points, author, time and comment count, and the link to the next page.',
  mode: 'list',
  group: 'page',
  sources: ['https://news.ycombinator.com/news?p=<page>'],
  examples: [
    'https://news.ycombinator.com/',
    'https://news.ycombinator.com/news?p=2',
    'https://news.ycombinator.com/show',
  ],
  match: (url) => (url.hostname.toLowerCase() === HOST && LIST_PAGES.has(url.pathname) ? 'host' : null),
  async extract(ctx, url) {
    const page = await ctx.reader.page(url.href);
    const $ = parsePage(page.body);
    const rows = $('tr.athing').toArray();
    if (rows.length === 0 && $('#hnmain').length === 0) {
      throw new ApiError('NO_TEMPLATE_MATCH', `${page.finalUrl} is not a news aggregator list page`);
    }
    const items = rows.map((row) => storyRecord($, row, page.finalUrl));
    const more = absoluteUrl(firstAttr($, 'a.morelink', 'href'), page.finalUrl);
    return { data: { ...listResult(items), next_url: more }, fetchedUrl: page.finalUrl };
  },
});

function storyRecord($: CheerioAPI, row: Element, pageUrl: string) {
  const story = $(row);
  const id = story.attr('id') ?? null;
  const subtext = story.next().find('td.subtext');
  const link = story.find('.titleline > a').first();
  const title = link.text().replace(/\s+/g, ' ').trim() || null;
  const author = firstText($, 'a.hnuser', subtext);
  const score = countOf(firstText($, 'span.score', subtext));
  const age = subtext.find('span.age').first();
  // "2024-09-12T08:14:02 1726128842": the time in UTC, then the same as epoch seconds.
  const [when, seconds] = (age.attr('title') ?? '').split(' ');
  const epoch = numberOf(seconds ?? null);
  const commentsLink = subtext
    .find('a')
    .toArray()
    .map((anchor) =>
      $(anchor)
        .text()
        .replace(/\u00a0/g, ' ')
        .trim(),
    )
    .find((label) => /comments?$|^discuss$/.test(label));
  return {
    rank: numberOf(firstText($, 'span.rank', story)?.replace('.', '') ?? null),
    id,
    title,
    url: absoluteUrl(link.attr('href'), pageUrl),
    site: firstText($, '.sitestr', story),
    score,
    author,
    created_at: epoch !== null ? new Date(epoch * 1000).toISOString() : when ? isoTime(`${when}Z`) : null,
    age: age.text().trim() || null,
    comments: commentsLink === undefined ? null : commentsLink === 'discuss' ? 0 : countOf(commentsLink),
    discussion_url: id ? `https://${HOST}/item?id=${id}` : null,
    type: storyType(title, author, score),
  };
}

/** Job ads carry neither points nor author; Ask and Show posts say so in their title. */
function storyType(title: string | null, author: string | null, score: number | null): string {
  if (author === null && score === null) return 'job';
  if (title?.startsWith('Ask HN:')) return 'ask';
  if (title?.startsWith('Show HN:')) return 'show';
  return 'story';
}
