import { type Element, isElement, textOf } from '../../html/dom.js';
import { hiddenByAttribute } from '../../html/hidden.js';
import { siteLabel } from './site-label.js';

/**
 * The page's <h1>s as title evidence. Not every <h1> heads the page: themes put the site's logo in
 * one (`<h1><a href="/">Acme</a></h1>`), screen-reader labels in others ("Navigation", "Menu").
 * The first kind names the site; the second says nothing about the page.
 */

export interface Heading {
  text: string;
  /** Inside an <article> or <main>: the page marks it as its content's heading. */
  inArticle: boolean;
}

export interface HeadingEvidence {
  /** Visible headings that may be the page's title, those inside <article> or <main> first. */
  headings: Heading[];
  /** Texts of logo headings: a link to the site's home page and nothing more. */
  siteNames: string[];
}

/** Class names the common frameworks hide text with while leaving it to screen readers. */
const SCREEN_READER_ONLY =
  /(?:^|\s)(?:sr-only|visually-?hidden|screen-reader-text|element-invisible|aural)(?:\s|$)/i;
/** Styles that hide an element, or clip it to nothing for screen readers (the classes above, inline). */
const HIDDEN_STYLE =
  /display\s*:\s*none|visibility\s*:\s*hidden|clip\s*:\s*rect\(\s*0|clip-path\s*:\s*inset\(\s*50%/i;
const OUTSIDE_PAGE = new Set(['footer', 'template', 'noscript']);
/**
 * A breadcrumb trail ends with the page itself, and some themes make that last step the page's
 * <h1>: a heading there names the page, though navigation holds it.
 */
const BREADCRUMB = /breadcrumb/i;

function hidden(el: Element): boolean {
  const a = el.attribs;
  if (hiddenByAttribute(a) || a['aria-hidden'] === 'true') return true;
  if (a.class && SCREEN_READER_ONLY.test(a.class)) return true;
  return a.style !== undefined && HIDDEN_STYLE.test(a.style);
}

/** Where the heading sits: null when it is off the page, else whether an article or main holds it. */
function placement(h1: Element): { inArticle: boolean } | null {
  let inArticle = false;
  let inBreadcrumb = false;
  for (let el: Element | null = h1; el; el = isElement(el.parent) ? el.parent : null) {
    const a = el.attribs;
    inBreadcrumb ||= BREADCRUMB.test(a.class ?? '') || BREADCRUMB.test(a['aria-label'] ?? '');
    const navigation = el.name === 'nav' || a.role === 'navigation';
    if (OUTSIDE_PAGE.has(el.name) || (navigation && !inBreadcrumb) || hidden(el)) return null;
    if (el.name === 'article' || el.name === 'main' || a.role === 'main') inArticle = true;
  }
  return { inArticle };
}

const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, '');

/** Whether two hosts are one site's: the same host, or hosts sharing the site's label (acme.org, bbs.acme.org). */
function sameSite(host: string, pageHost: string): boolean {
  const label = siteLabel(pageHost);
  return label === null ? bareHost(host) === bareHost(pageHost) : siteLabel(host) === label;
}

/**
 * A link to the site's home: "/", "./", "index.html", or the front page of this site or of another
 * of its hosts (a forum's logo links to the main site); on an archived copy (whose address embeds
 * the original one), the original site's.
 */
function isHomeLink(href: string | undefined, pageUrl: string | null): boolean {
  if (href === undefined || href.trim().startsWith('#')) return false;
  const path = href.trim().replace(/[?#].*$/, '');
  if (/^(?:\.?\/)?(?:index\.\w+)?$/i.test(path)) return true;
  const origin = /https?:\/\/([^/]+)\/?$/i.exec(path);
  if (!origin) return false;
  if (!pageUrl) return true;
  return sameSite(origin[1], pageUrl.replace(/^https?:\/\/(?:[^/]+\/.*?https?:\/\/)?([^/]+).*$/i, '$1'));
}

function homeLinkText(h1: Element, text: string, pageUrl: string | null): boolean {
  const links: Element[] = [];
  const stack: Element[] = [h1];
  while (stack.length > 0) {
    const el = stack.pop()!;
    if (el.name === 'a') links.push(el);
    else for (const child of el.children) if (isElement(child)) stack.push(child);
  }
  return links.some((link) => isHomeLink(link.attribs.href, pageUrl) && textOf(link) === text);
}

export function readHeadings(h1s: Element[], pageUrl: string | null): HeadingEvidence {
  const inArticle: Heading[] = [];
  const elsewhere: Heading[] = [];
  const siteNames: string[] = [];
  for (const h1 of h1s) {
    const where = placement(h1);
    const text = textOf(h1, hidden);
    // An unrendered template ("{{ item.title }}") is markup, not a heading.
    if (where === null || text === '' || text.includes('{{')) continue;
    if (homeLinkText(h1, text, pageUrl)) siteNames.push(text);
    else (where.inArticle ? inArticle : elsewhere).push({ text, inArticle: where.inArticle });
  }
  return { headings: [...inArticle, ...elsewhere], siteNames };
}
