import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { html, linkPage, page, type SiteRoute, TEXT, XML } from './multi-host-site.js';

/** The fixture sites the site tools' tests crawl, by host name. */

export function siteFixture(name: string): string {
  return readFileSync(new URL(`../../fixtures/site/${name}`, import.meta.url), 'utf8');
}

/** A fixture file with `{{origin}}` filled in, gzipped on the way out as a `.xml.gz` sitemap is served. */
function gzippedFixture(name: string): SiteRoute {
  return (req, res, request) => {
    const origin = `http://${request.host}:${req.socket.localPort}`;
    res.writeHead(200, { 'content-type': 'application/x-gzip' });
    res.end(gzipSync(siteFixture(name).replaceAll('{{origin}}', origin)));
  };
}

const ROBOTS_PRIVATE = 'User-agent: *\nDisallow: /private\n';

/** sitemap.test: robots.txt names a sitemap index (no /sitemap.xml); four children, one gzipped. */
export const SITEMAP_HOST = 'sitemap.test';
export const sitemapSite: Record<string, SiteRoute> = {
  '/robots.txt': page(200, TEXT, siteFixture('robots-with-sitemap.txt')),
  '/sitemaps/index.xml': page(200, XML, siteFixture('sitemap-index.xml')),
  '/sitemaps/pages.xml': page(200, XML, siteFixture('sitemap-pages.xml')),
  '/sitemaps/blog.xml.gz': gzippedFixture('sitemap-blog.xml'),
  '/sitemaps/docs.xml': page(200, XML, siteFixture('sitemap-docs.xml')),
  '/sitemaps/extra.xml': page(200, XML, siteFixture('sitemap-extra.xml')),
  '/': html(200, linkPage('Sitemap Site Home', ['/about', '/pricing', '/docs/getting-started'])),
  '/about': html(200, linkPage('About us', ['/'])),
  '/pricing': html(200, linkPage('Pricing', ['/'])),
  '/search': html(200, linkPage('Search', ['/'])),
  '/blog/first-post': html(200, linkPage('First post', ['/'])),
  '/blog/second-post': html(200, linkPage('Second post', ['/'])),
  '/docs/getting-started': html(200, linkPage('Getting started', ['/docs/api'])),
  '/docs/api': html(200, linkPage('API reference', ['/'])),
};

/** bigmap.test: a plain /sitemap.xml listing 600 pages, past the 500-URL cap. */
export const BIGMAP_HOST = 'bigmap.test';
const bigSitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${Array.from({ length: 600 }, (_, i) => `  <url><loc>{{origin}}/item/${i + 1}</loc></url>`).join('\n')}
</urlset>`;
export const bigmapSite: Record<string, SiteRoute> = {
  '/sitemap.xml': page(200, XML, bigSitemap),
  '/': html(200, linkPage('Big catalogue', ['/item/1'])),
};

/** fullmap.test: exactly 501 listed pages, one of them disallowed: 500 may be mapped, all of them. */
export const FULLMAP_HOST = 'fullmap.test';
const fullSitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${Array.from({ length: 501 }, (_, i) => `  <url><loc>{{origin}}/item/${i + 1}</loc></url>`).join('\n')}
</urlset>`;
export const fullmapSite: Record<string, SiteRoute> = {
  '/robots.txt': page(200, TEXT, 'User-agent: *\nDisallow: /item/3$\n'),
  '/sitemap.xml': page(200, XML, fullSitemap),
  '/': html(200, linkPage('Full catalogue', ['/item/1'])),
};

/**
 * crawl.test: no sitemap, a link graph four levels deep from `/`, a disallowed branch, links to
 * another site, a hub with 40 pages (past map_site's 30), a 404 and a PDF.
 */
export const CRAWL_HOST = 'crawl.test';
const hubLinks = Array.from({ length: 40 }, (_, i) => `/hub/${i + 1}`);
export const crawlSite: Record<string, SiteRoute> = {
  '/robots.txt': page(200, TEXT, ROBOTS_PRIVATE),
  '/': html(
    200,
    linkPage('Crawl Home', [
      '/a',
      '/b',
      '/private/secret',
      'http://elsewhere.test/partner',
      '/a#section',
      '/files/brochure.pdf',
      'mailto:team@crawl.test',
    ]),
  ),
  '/a': html(200, linkPage('Page A', ['/a/1', '/a/2', '/'])),
  '/b': html(200, linkPage('Page B', ['/b/1', 'https://elsewhere.test/other'])),
  '/a/1': html(200, linkPage('Page A1', ['/a/1/deep'])),
  '/a/2': html(200, linkPage('Page A2', ['/missing'])),
  '/b/1': html(200, linkPage('Page B1', [])),
  '/a/1/deep': html(200, linkPage('Page A1 deep', ['/a/1/deep/deeper'])),
  '/a/1/deep/deeper': html(200, linkPage('Deepest', [])),
  '/private/secret': html(200, linkPage('Secret', [])),
  '/private/start': html(200, linkPage('Private start', ['/a'])),
  '/files/brochure.pdf': page(200, { 'content-type': 'application/pdf' }, '%PDF-1.4\n%%EOF\n'),
  '/hub': html(200, linkPage('Hub', hubLinks)),
  '/hub/*': html(200, linkPage('Hub page', ['/hub'])),
  '/slow-hub': html(200, linkPage('Slow hub', ['/slow/1', '/slow/2', '/slow/3', '/slow/4'])),
  '/gone': html(404, '<html><body><h1>Gone</h1></body></html>'),
};

/** delay.test: robots.txt asks for one second between requests. */
export const DELAY_HOST = 'delay.test';
export const delaySite: Record<string, SiteRoute> = {
  '/robots.txt': page(200, TEXT, 'User-agent: *\nCrawl-delay: 1\nDisallow: /private\n'),
  '/*': html(200, linkPage('Delayed page', [])),
};

/** shop.test: product pages a batch reads with an extraction template, and every way a URL can fail. */
export const SHOP_HOST = 'shop.test';
export function productPage(n: number): string {
  return (
    `<!doctype html><html><head><title>Product ${n} | Shop</title></head><body>` +
    '<nav><a href="/">Home</a> <a href="/cart">Cart</a></nav>' +
    `<main><article><h1>Product ${n}</h1><p class="price">$${n}.99</p>` +
    `<img class="product" src="/images/${n}.jpg" alt="Product ${n}">` +
    `<a class="manual" href="/manuals/${n}.pdf">Manual</a>` +
    `<p>Product ${n} is a sturdy kettle with a two-litre capacity and an automatic shut-off. ` +
    'It boils water quickly and keeps it hot for an hour after switching off.</p></article></main>' +
    '<footer>Shop footer</footer></body></html>'
  );
}
const longText = `${'Long product description sentence number one. '.repeat(300)}`;
export const shopSite: Record<string, SiteRoute> = {
  '/robots.txt': page(200, TEXT, ROBOTS_PRIVATE),
  '/products/*': (req, res, request) => {
    const n = Number(request.path.split('/').pop());
    html(200, productPage(Number.isFinite(n) ? n : 0))(req, res, request);
  },
  '/private/*': html(200, productPage(99)),
  '/long': html(
    200,
    `<html><head><title>Long</title></head><body><main><p>${longText}</p></main></body></html>`,
  ),
  '/contact': html(
    200,
    '<html><head><title>Contact</title></head><body><main><p>Write to sales@shop.test or call +14155550123 for a quote on bulk orders.</p></main></body></html>',
  ),
  '/notes.txt': page(200, TEXT, 'Plain text release notes: version 2 ships kettles faster.'),
  '/manual.pdf': page(200, { 'content-type': 'application/pdf' }, '%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n'),
  '/broken': html(500, '<html><body><h1>Internal Server Error</h1></body></html>'),
  '/gone': html(404, '<html><body><h1>Not found</h1></body></html>'),
};
