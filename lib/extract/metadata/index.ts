import type { CheerioAPI } from 'cheerio/slim';
import { type Element, textOf } from '../../html/dom.js';
import { toAbsoluteWebUrl } from '../urls.js';
import { readHeadings } from './headings.js';
import {
  authorNames,
  findArticle,
  imageUrl,
  type JsonLdObject,
  jsonLdObjects,
  parseJsonLd,
  stringValue,
  typesOf,
} from './json-ld.js';
import { collectPageTags, collectTitleTags, type TitleTags } from './page-tags.js';
import { pageTitle } from './title.js';

export interface PageMetadata {
  title: string | null;
  description: string | null;
  canonical_url: string | null;
  language: string | null;
  author: string | null;
  published_time: string | null;
  modified_time: string | null;
  site_name: string | null;
  favicon: string | null;
  image: string | null;
  keywords: string[];
  robots: string | null;
  /** Every og:* and article:* property by its full name; repeated properties become arrays. */
  open_graph: Record<string, string | string[]>;
  /** Every twitter:* meta by its full name. */
  twitter: Record<string, string>;
  /** Parsed JSON-LD blocks (arrays spread); invalid blocks are skipped. */
  json_ld: unknown[];
}

interface HeadTags {
  /** meta name= and http-equiv= values, keys lower-cased; first occurrence wins. */
  named: Map<string, string>;
  /** meta property= values in order, keys lower-cased (og:*, article:*, sometimes twitter:*). */
  properties: [string, string][];
  itemprops: Map<string, string>;
}

function readMeta(metas: Element[]): HeadTags {
  const named = new Map<string, string>();
  const properties: [string, string][] = [];
  const itemprops = new Map<string, string>();
  for (const el of metas) {
    const a = el.attribs;
    const content = a.content?.trim();
    if (content === undefined || content === '') continue;
    const name = (a.name ?? a['http-equiv'])?.trim().toLowerCase();
    if (name && !named.has(name)) named.set(name, content);
    // RDFa allows several properties in one attribute: property="og:title twitter:title".
    const listed = a.property?.trim().toLowerCase().split(/\s+/).filter(Boolean) ?? [];
    for (const property of listed) properties.push([property, content]);
    // Some sites write og: tags with name= instead of property=.
    if (listed.length === 0 && name && (name.startsWith('og:') || name.startsWith('article:')))
      properties.push([name, content]);
    if (a.itemprop && !itemprops.has(a.itemprop)) itemprops.set(a.itemprop, content);
  }
  return { named, properties, itemprops };
}

function first(...values: (string | null | undefined)[]): string | null {
  for (const value of values) {
    const trimmed = value?.trim();
    if (trimmed) return trimmed;
  }
  return null;
}

const isUrl = (value: string | null | undefined) => !!value && /^https?:\/\//i.test(value);

/**
 * Page metadata from meta tags, <link>s, JSON-LD and microdata, in that order of trust for each
 * field. Relative URLs (canonical, favicon, image) are made absolute against `baseUrl`.
 */
export function extractMetadata($: CheerioAPI, baseUrl: string): PageMetadata {
  const tags = collectPageTags($);
  const { named, properties, itemprops } = readMeta(tags.metas);
  const property = (key: string) => properties.find(([k]) => k === key)?.[1] ?? null;
  const linkHref = (rel: string) =>
    tags.links.find((el) => (el.attribs.rel ?? '').toLowerCase().split(/\s+/).includes(rel))?.attribs.href;
  const itempropDate = (name: string) => tags.itemprops.get(name)?.attribs.datetime;
  const jsonLd = parseJsonLd(tags.jsonLdScripts);
  const objects = jsonLdObjects(jsonLd);
  const article = findArticle(objects);
  const publisher = article?.publisher ?? objects.find((o) => typesOf(o).includes('WebSite'));
  const absolute = (value: string | null) => (value ? toAbsoluteWebUrl(value, baseUrl) : null);

  const openGraph: Record<string, string | string[]> = {};
  const twitter: Record<string, string> = {};
  for (const [key, value] of properties) {
    if (key.startsWith('twitter:')) {
      twitter[key] ??= value;
      continue;
    }
    if (!key.startsWith('og:') && !key.startsWith('article:')) continue;
    const existing = openGraph[key];
    if (existing === undefined) openGraph[key] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else openGraph[key] = [existing, value];
  }
  for (const [key, value] of named) if (key.startsWith('twitter:')) twitter[key] ??= value;

  const articleAuthor = property('article:author');
  const author = first(
    named.get('author'),
    isUrl(articleAuthor) ? null : articleAuthor,
    article ? authorNames(article.author).join(', ') : null,
    named.get('byl')?.replace(/^by\s+/i, ''),
    named.get('parsely-author'),
    named.get('sailthru.author'),
    named.get('dc.creator'),
    tags.relAuthor ? textOf(tags.relAuthor) : null,
    itemprops.get('author'),
  );

  return {
    ...titleAndDescription(tags, { named, properties }, { article, publisher, url: baseUrl }),
    canonical_url: absolute(first(linkHref('canonical'), property('og:url'))),
    language: first(
      tags.html?.attribs.lang,
      named.get('content-language')?.split(',')[0],
      named.get('language'),
      stringValue(article?.inLanguage),
    ),
    author,
    published_time: first(
      property('article:published_time'),
      property('og:published_time'),
      stringValue(article?.datePublished),
      itemprops.get('datePublished'),
      itempropDate('datePublished'),
      named.get('date'),
      named.get('pubdate'),
      named.get('publish-date'),
      named.get('parsely-pub-date'),
      named.get('sailthru.date'),
      named.get('dc.date.issued'),
      named.get('dc.date'),
      tags.times[0]?.attribs.datetime,
    ),
    modified_time: first(
      property('article:modified_time'),
      property('og:updated_time'),
      stringValue(article?.dateModified),
      itemprops.get('dateModified'),
      itempropDate('dateModified'),
      named.get('last-modified'),
    ),
    site_name: first(property('og:site_name'), stringValue(publisher), named.get('application-name')),
    favicon: favicon(tags.links, baseUrl),
    image: absolute(first(property('og:image'), twitter['twitter:image'], imageUrl(article?.image))),
    keywords: keywords(named.get('keywords') ?? named.get('news_keywords'), properties),
    robots: named.get('robots') ?? null,
    open_graph: openGraph,
    twitter,
    json_ld: jsonLd,
  };
}

/**
 * Title and description alone, by the rules `extractMetadata` applies to them, for a caller that
 * needs no other field (extract_text): no URL resolution, no other field read.
 */
export function extractTitleAndDescription(
  $: CheerioAPI,
  url: string | null = null,
): Pick<PageMetadata, 'title' | 'description'> {
  const tags = collectTitleTags($);
  const objects = jsonLdObjects(parseJsonLd(tags.jsonLdScripts));
  const article = findArticle(objects);
  const publisher = article?.publisher ?? objects.find((o) => typesOf(o).includes('WebSite'));
  return titleAndDescription(tags, readMeta(tags.metas), { article, publisher, url });
}

function titleAndDescription(
  tags: Pick<TitleTags, 'title' | 'h1s'>,
  { named, properties }: Pick<HeadTags, 'named' | 'properties'>,
  page: { article: JsonLdObject | null; publisher: unknown; url: string | null },
): Pick<PageMetadata, 'title' | 'description'> {
  const property = (key: string) => properties.find(([k]) => k === key)?.[1] ?? null;
  // A meta value from property= first, then from name=, as the `twitter` field reads them.
  const meta = (...keys: string[]) => {
    for (const key of keys) {
      const value = property(key);
      if (value) return value;
    }
    for (const key of keys) {
      const value = named.get(key);
      if (value) return value;
    }
    return null;
  };
  const headings = readHeadings(tags.h1s, page.url);
  const declaredForSharing = [
    meta('dc.title', 'dc:title', 'dcterms.title', 'dcterm:title'),
    meta('og:title'),
    stringValue(page.article?.headline),
    meta('twitter:title'),
    meta('parsely-title'),
  ].filter((value): value is string => !!value?.trim());
  const titleElement = tags.title ? textOf(tags.title) : null;
  const siteNames = [
    meta('og:site_name'),
    stringValue(page.publisher),
    meta('application-name'),
    meta('apple-mobile-web-app-title'),
    meta('twitter:site')?.replace(/^@/, ''),
    ...headings.siteNames,
  ];
  return {
    title: pageTitle({
      declared: titleElement ? [...declaredForSharing, titleElement] : declaredForSharing,
      sharingTitle: declaredForSharing.length > 0,
      headings: headings.headings,
      siteNames: siteNames.filter((value): value is string => !!value),
      url: page.url,
    }),
    description: first(named.get('description'), property('og:description'), meta('twitter:description')),
  };
}

/**
 * The declared icon (rel="icon" / "shortcut icon" before "apple-touch-icon"); without one, the
 * /favicon.ico browsers request by default.
 */
function favicon(links: Element[], baseUrl: string): string | null {
  const icons = links
    .filter((el) => el.attribs.rel && el.attribs.href)
    .map((el) => ({ rel: el.attribs.rel.toLowerCase().split(/\s+/), href: el.attribs.href }));
  const icon =
    icons.find((l) => l.rel.includes('icon')) ??
    icons.find((l) => l.rel.includes('apple-touch-icon') || l.rel.includes('apple-touch-icon-precomposed'));
  return toAbsoluteWebUrl(icon?.href ?? '/favicon.ico', baseUrl);
}

function keywords(meta: string | undefined, properties: [string, string][]): string[] {
  const values = meta
    ? meta.split(/[,;]/)
    : properties.filter(([k]) => k === 'article:tag').map(([, v]) => v);
  const seen = new Set<string>();
  for (const value of values) {
    const keyword = value.trim();
    if (keyword) seen.add(keyword);
  }
  return [...seen];
}

/** The JSON-LD `articleBody` of the page's article, the strongest hint of where the body is. */
const THREAD_POST_TYPES = /^(?:DiscussionForumPosting|SocialMediaPosting)$/;

export function jsonLdArticleBody(jsonLd: unknown[]): string | null {
  const article = findArticle(jsonLdObjects(jsonLd));
  // A thread's posting declares its opening post as the body; the replies are content too.
  if (article && typesOf(article).some((type) => THREAD_POST_TYPES.test(type))) return null;
  const body = article?.articleBody;
  return typeof body === 'string' && body.trim() ? body : null;
}
