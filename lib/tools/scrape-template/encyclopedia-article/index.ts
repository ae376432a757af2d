import { ApiError } from '../../../errors/api-error.js';
import { asRecord, isoTime, multiline, numberOf, text } from '../shared/values.js';
import { definePageTemplate } from '../template.js';

const HOST = /^([a-z]{2,3}(?:-[a-z]+)*)(?:\.m)?\.wikipedia\.org$/;

export const encyclopediaArticle = definePageTemplate({
  id: 'encyclopedia-article',
  name: 'Encyclopedia article',
  description:
    "An article of the largest online encyclopedia, in any language, from the encyclopedia's public page summary " +
    'API: title, short description, lead extract, thumbnail and original image, coordinates, knowledge-base item, ' +
    'last revision time, and whether the page is a disambiguation page.',
  mode: 'entity',
  group: 'page',
  sources: ['https://<lang>.wikipedia.org/api/rest_v1/page/summary/<title>'],
  examples: ['https://en.wikipedia.org/wiki/Sourdough', 'https://de.m.wikipedia.org/wiki/Sauerteig'],
  match: (url) => (articleOf(url) !== null ? 'host' : null),
  async extract(ctx, url) {
    const article = articleOf(url);
    if (article === null) {
      throw new ApiError(
        'NO_TEMPLATE_MATCH',
        `${url.href} is not an encyclopedia article URL (/wiki/<title>)`,
      );
    }
    const api = `https://${article.lang}.wikipedia.org/api/rest_v1/page/summary/${encodeURIComponent(article.title)}`;
    const { data, url: fetchedUrl } = await ctx.reader.apiJson(api);
    const summary = asRecord(data);
    if (text(summary.title) === null)
      throw new ApiError('NO_TEMPLATE_MATCH', `${fetchedUrl} is not an article summary`);
    const coordinates = asRecord(summary.coordinates);
    return {
      data: {
        title: text(summary.title),
        page_id: numberOf(summary.pageid),
        language: text(summary.lang) ?? article.lang,
        type: text(summary.type),
        disambiguation: summary.type === 'disambiguation',
        description: text(summary.description),
        extract: multiline(summary.extract),
        url: text(asRecord(asRecord(summary.content_urls).desktop).page),
        thumbnail: text(asRecord(summary.thumbnail).source),
        image: text(asRecord(summary.originalimage).source),
        coordinates:
          numberOf(coordinates.lat) === null
            ? null
            : { lat: numberOf(coordinates.lat), lon: numberOf(coordinates.lon) },
        wikibase_item: text(summary.wikibase_item),
        revision: text(summary.revision),
        updated_at: isoTime(summary.timestamp),
      },
      fetchedUrl,
    };
  },
});

/** `/wiki/<title>` on a language edition, desktop or mobile. */
function articleOf(url: URL): { lang: string; title: string } | null {
  const lang = HOST.exec(url.hostname.toLowerCase())?.[1];
  if (!lang || !url.pathname.startsWith('/wiki/')) return null;
  const title = decodeURIComponent(url.pathname.slice('/wiki/'.length));
  // Special:, File: and the like are pages of the site, not articles.
  if (title === '' || /^(?:Special|File|Category|Template|Help|Wikipedia|Portal|Talk):/i.test(title))
    return null;
  return { lang, title };
}
