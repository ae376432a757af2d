import type { CheerioAPI } from 'cheerio/slim';
import type { Document } from 'domhandler';
import { type Element, isElement, walkElements } from '../../html/dom.js';
import { elementsNamed } from '../../html/elements-by-name.js';

/**
 * Every element metadata is read from, gathered in one walk. A dozen cheerio selector queries each
 * walk the whole document; on a 4 MB page that alone took half a second.
 */
export interface PageTags {
  html: Element | null;
  metas: Element[];
  links: Element[];
  title: Element | null;
  h1s: Element[];
  jsonLdScripts: Element[];
  /** <time datetime>, those inside an <article> or marked pubdate first. */
  times: Element[];
  relAuthor: Element | null;
  /** First element carrying each itemprop (datePublished, dateModified, author…). */
  itemprops: Map<string, Element>;
}

function insideArticle(el: Element): boolean {
  for (let p = el.parent; isElement(p); p = p.parent) if (p.name === 'article') return true;
  return false;
}

export function collectPageTags($: CheerioAPI): PageTags {
  const tags: PageTags = {
    html: null,
    metas: [],
    links: [],
    title: null,
    h1s: [],
    jsonLdScripts: [],
    times: [],
    relAuthor: null,
    itemprops: new Map(),
  };
  const preferredTimes: Element[] = [];
  walkElements($.root()[0], (el) => {
    const name = el.name;
    const a = el.attribs;
    // <svg> holds its own <title>s, which are not the page's.
    if (name === 'svg') return false;
    if (name === 'html') tags.html ??= el;
    else if (name === 'meta') tags.metas.push(el);
    else if (name === 'link') tags.links.push(el);
    else if (name === 'title') tags.title ??= el;
    else if (name === 'script' && a.type?.trim().toLowerCase() === 'application/ld+json')
      tags.jsonLdScripts.push(el);
    else if (name === 'time' && a.datetime) {
      if (a.pubdate !== undefined || insideArticle(el)) preferredTimes.push(el);
      else tags.times.push(el);
    } else if (name === 'h1') tags.h1s.push(el);
    if (a.rel && !tags.relAuthor && name !== 'link' && /(?:^|\s)author(?:\s|$)/i.test(a.rel))
      tags.relAuthor = el;
    if (a.itemprop && !tags.itemprops.has(a.itemprop)) tags.itemprops.set(a.itemprop, el);
    return true;
  });
  tags.times = preferredTimes.concat(tags.times);
  return tags;
}

/** What the title and the description are read from: a few kinds of element among all of PageTags. */
export type TitleTags = Pick<PageTags, 'metas' | 'title' | 'h1s' | 'jsonLdScripts'>;

/**
 * The TitleTags `collectPageTags` would find, taken from the parser's index of elements by name
 * instead of a walk of the whole page, which costs more than everything the title needs besides.
 */
export function collectTitleTags($: CheerioAPI): TitleTags {
  const document = $.root()[0] as Document;
  const [metas, titles, h1s, scripts] = ['meta', 'title', 'h1', 'script'].map((name) =>
    elementsNamed(document, name),
  );
  if (!metas || !titles || !h1s || !scripts) return collectPageTags($);
  // collectPageTags never enters an <svg>: its <title>s and the rest are the drawing's, not the page's.
  const onPage = (el: Element) => !insideSvg(el);
  return {
    metas: metas.filter(onPage),
    title: titles.find(onPage) ?? null,
    h1s: h1s.filter(onPage),
    jsonLdScripts: scripts.filter(
      (el) => onPage(el) && el.attribs.type?.trim().toLowerCase() === 'application/ld+json',
    ),
  };
}

function insideSvg(el: Element): boolean {
  for (let p = el.parent; isElement(p); p = p.parent) if (p.name === 'svg') return true;
  return false;
}
