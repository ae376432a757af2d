import { html, linkPage, page, type SiteRoute, slow, TEXT } from './multi-host-site.js';

/**
 * slow.test: a home page linking to 14 pages that each take 7 s. With 4 fetches at a time, a crawl
 * starts pages at about 0, 7 and 14 s, so an 18 or 20 s budget cuts the third wave short and leaves
 * two pages unstarted, whatever the machine's speed.
 */
export const SLOW_SITE_HOST = 'slow.test';
export const SLOW_PAGES = 14;
export const slowSite: Record<string, SiteRoute> = {
  '/robots.txt': page(404, TEXT, 'none'),
  '/': html(
    200,
    linkPage(
      'Slow home',
      Array.from({ length: SLOW_PAGES }, (_, i) => `/s/${i + 1}`),
    ),
  ),
  '/s/*': slow(7_000, html(200, linkPage('Slow page', []))),
};
