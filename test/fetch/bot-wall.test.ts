import { describe, expect, it } from 'vitest';
import { detectBotWall, isBareBlockStatus } from '../../lib/fetch/bot-wall.js';
import { readDocument } from '../../lib/fetch/client-rendered.js';
import type { FetchedPage } from '../../lib/fetch/types.js';
import { fetchedPage, wallFixture } from '../fixtures/walls/load-wall-fixture.js';

const HTML = { 'content-type': 'text/html; charset=utf-8' };

function html(status: number, body: string, headers: Record<string, string> = HTML): FetchedPage {
  return fetchedPage({ status, body, headers, kind: 'html' });
}

function withHeaders(page: FetchedPage, headers: Record<string, string>): FetchedPage {
  return { ...page, headers: { ...page.headers, ...headers } };
}

function withoutHeaders(page: FetchedPage, ...names: string[]): FetchedPage {
  const headers = { ...page.headers };
  for (const name of names) delete headers[name];
  return { ...page, headers };
}

describe('detectBotWall: vendor challenge and block pages', () => {
  it.each([
    [
      'cloudflare-challenge',
      'cloudflare',
      [
        'header cf-mitigated: challenge',
        'title "Just a moment..."',
        'script _cf_chl_opt',
        'script challenge-platform/h/b/orchestrate/chl_page',
        'header cf-ray: 8e1f2a3b4c5d6e7f-FRA',
        'HTTP 403',
      ],
    ],
    [
      'cloudflare-blocked',
      'cloudflare',
      [
        'title "Attention Required! | Cloudflare"',
        'element #cf-error-details',
        'header server: cloudflare',
        'HTTP 403',
      ],
    ],
    [
      'cloudflare-legacy-503',
      'cloudflare',
      ['title "Just a moment..."', 'url __cf_chl_jschl_tk__', 'element #challenge-form', 'HTTP 503'],
    ],
    [
      'datadome-captcha',
      'datadome',
      ['script geo.captcha-delivery.com', 'header x-datadome: protected', 'cookie datadome', 'HTTP 403'],
    ],
    [
      'datadome-api',
      'datadome',
      ['body geo.captcha-delivery.com', 'header x-datadome: protected', 'HTTP 403'],
    ],
    [
      'perimeterx-block',
      'perimeterx',
      [
        'element #px-captcha',
        'text "Press & Hold to confirm you are a human"',
        'script window._pxAppId',
        'cookie _pxhd',
        'HTTP 403',
      ],
    ],
    [
      'akamai-access-denied',
      'akamai',
      [
        'text "Reference #18.2d351ab8.1717002000.5c7d8e1"',
        'text "errors.edgesuite.net"',
        'title "Access Denied"',
        'header server: AkamaiGHost',
        'HTTP 403',
      ],
    ],
    ['akamai-bot-manager', 'akamai', ['cookie _abck', 'cookie bm_sz', 'HTTP 403']],
    [
      'amazon-captcha',
      'amazon',
      [
        'url /errors/validateCaptcha',
        'script opfcaptcha',
        'comment To discuss automated access to Amazon data',
        'comment api-services-support@amazon.com',
      ],
    ],
    [
      'vercel-checkpoint',
      'vercel',
      ['header x-vercel-mitigated: challenge', 'title "Vercel Security Checkpoint"', 'HTTP 429'],
    ],
    ['aws-waf-challenge', 'amazon', ['header x-amzn-waf-action: challenge']],
    ['aws-waf-captcha', 'amazon', ['header x-amzn-waf-action: captcha', 'script gokuProps', 'HTTP 405']],
    [
      'cloudflare-iuam-2015',
      'cloudflare',
      ['title "Just a moment..."', 'url /cdn-cgi/l/chk_jschl', 'element #cf-content', 'HTTP 503'],
    ],
    [
      'cloudflare-iuam-2020',
      'cloudflare',
      ['script _cf_chl_opt', 'url __cf_chl_jschl_tk__', 'element #challenge-form', 'HTTP 503'],
    ],
    [
      'cloudflare-captcha-2018',
      'cloudflare',
      ['title "Attention Required! | Cloudflare"', 'url /cdn-cgi/l/chk_captcha', 'header cf-chl-bypass: 1'],
    ],
    [
      'imperva-incapsula-block',
      'imperva',
      [
        'url /_Incapsula_Resource',
        'text "Incapsula incident ID"',
        'header x-cdn: Imperva',
        'cookie visid_incap_2468135',
      ],
    ],
    [
      'imperva-pardon-interruption',
      'imperva',
      [
        'title "Pardon Our Interruption"',
        'text "something about your browser made us think you were a bot"',
        'cookie reese84',
        'HTTP 403',
      ],
    ],
    ['kasada-ips', 'kasada', ['script KPSDK.now', 'header x-kpsdk-r: 1-AAbCdEfGh', 'HTTP 429']],
    [
      'f5-asm-rejected',
      'f5',
      [
        'text "The requested URL was rejected. Please consult with your administrator"',
        'text "Your support ID is: 7645128390457612834"',
        'cookie TS01a2b3c4',
      ],
    ],
    [
      'f5-bot-defense-challenge',
      'f5',
      [
        'url /TSPD/082e1d9c7fab2000a5b8c2d4e6f80a1b3c5d7e9f?type=9',
        'script window["bobcmn"]',
        'cookie TS01c0ffee',
      ],
    ],
    [
      'sucuri-access-denied',
      'sucuri',
      [
        'header x-sucuri-block: BNP002',
        'title "Sucuri WebSite Firewall - Access Denied"',
        'text "Access Denied - Sucuri Website Firewall"',
        'HTTP 403',
      ],
    ],
    ['sucuri-js-challenge', 'sucuri', ['script sucuri_cloudproxy_js', 'header server: Sucuri/Cloudproxy']],
    [
      'ddos-guard-challenge',
      'ddos-guard',
      [
        'title "DDoS-Guard"',
        'url /.well-known/ddos-guard/js-challenge',
        'header server: ddos-guard',
        'cookie __ddg1_',
      ],
    ],
    [
      'akamai-sec-cpt',
      'akamai',
      [
        'url /_sec/cp_challenge/',
        'element #sec-if-container',
        'text "Powered and protected by Akamai"',
        'HTTP 428',
      ],
    ],
    [
      'recaptcha-unusual-traffic',
      'captcha',
      [
        'url www.google.com/recaptcha/api.js',
        'text "Our systems have detected unusual traffic from your computer network"',
        'HTTP 429',
      ],
    ],
    [
      'hcaptcha-interstitial',
      'captcha',
      ['url js.hcaptcha.com/1/api.js', 'text "Please complete the security check"', 'HTTP 403'],
    ],
  ])('%s is a %s wall with its evidence', (name, vendor, evidence) => {
    const wall = detectBotWall(wallFixture(name));
    expect(wall?.vendor, JSON.stringify(wall)).toBe(vendor);
    expect(wall?.evidence).toEqual(expect.arrayContaining(evidence));
  });

  it('names a 2xx captcha page (Amazon serves its robot check as 200) without a status entry', () => {
    const wall = detectBotWall(wallFixture('amazon-captcha'));
    expect(wall?.evidence.some((entry) => entry.startsWith('HTTP'))).toBe(false);
    expect(detectBotWall(wallFixture('amazon-captcha', { status: 503 }))?.vendor).toBe('amazon');
  });

  it('recognises each generation of the Cloudflare JavaScript challenge from any one of its markers', () => {
    // One 503 from a Cloudflare-fronted origin, carrying a single marker of one template year each.
    const markers = [
      '<head><title>Just a moment...</title></head>',
      '<head><title>Just a moment, please...</title></head>',
      '<form action="/cdn-cgi/l/chk_jschl" method="get"><input type="hidden" name="jschl_vc" value="1"></form>',
      '<input type="hidden" id="jschl-answer" name="jschl_answer">',
      '<div id="cf-spinner-please-wait"></div>',
      '<a href="https://www.cloudflare.com/">DDoS protection by Cloudflare</a>',
      '<head><script>window._cf_chl_opt={cType:"non-interactive"}</script></head>',
      // The managed challenge and Turnstile interstitial, 2022 on.
      '<p>shop.example needs to review the security of your connection before proceeding.</p>',
      '<h1>Performing security verification</h1><p>This website uses a security service to protect against malicious bots.</p>',
    ];
    for (const marker of markers) {
      const page = html(
        503,
        marker.startsWith('<head>')
          ? `<html>${marker}<body><p>Ray ID: 5ed3a8c19f0e1d2a</p></body></html>`
          : `<html><body>${marker}<p>Ray ID: 5ed3a8c19f0e1d2a</p></body></html>`,
        {
          ...HTML,
          server: 'cloudflare',
          'cf-ray': '5ed3a8c19f0e1d2a-FRA',
        },
      );
      expect(detectBotWall(page)?.vendor, marker).toBe('cloudflare');
    }
  });

  it("keeps an origin's own 503 behind Cloudflare a server error, not a wall", () => {
    const page = html(
      503,
      '<html><head><title>Service Unavailable</title></head><body><h1>Service Unavailable</h1><p>The server is temporarily unable to service your request.</p></body></html>',
      {
        ...HTML,
        server: 'cloudflare',
        'cf-ray': '5ed3a8c19f0e1d2a-FRA',
      },
    );
    expect(detectBotWall(page)).toBeNull();
  });

  it("does not take an app whose inline bundle carries vendor strings for that vendor's wall", () => {
    const app = wallFixture('client-rendered/app-with-vendor-strings');
    expect(detectBotWall(app)).toBeNull();
    // The same strings in a page that ships only a challenge-sized script are a wall.
    const small = html(
      403,
      '<html><head><script>window._cf_chl_opt={cType:"managed"}</script></head><body></body></html>',
      { ...HTML, server: 'cloudflare' },
    );
    expect(detectBotWall(small)?.vendor).toBe('cloudflare');
  });

  it('reads no vendor markers out of JSON data blocks', () => {
    const page = html(
      200,
      '<html><head><script type="application/json">{"captcha":"https://geo.captcha-delivery.com/captcha/"}</script></head><body><div id="root"></div></body></html>',
      { ...HTML, 'set-cookie': 'datadome=abc; Path=/' },
    );
    expect(detectBotWall(page)).toBeNull();
  });

  it('recognises the Cloudflare challenge from its markup when the cf-mitigated header is missing', () => {
    const page = withoutHeaders(wallFixture('cloudflare-challenge'), 'cf-mitigated');
    const wall = detectBotWall(page);
    expect(wall?.vendor).toBe('cloudflare');
    expect(wall?.evidence).not.toContain('header cf-mitigated: challenge');
  });

  it('trusts a vendor verdict header even on a long page', () => {
    const article = wallFixture('normal/article-cloudflare-outage');
    const wall = detectBotWall(withHeaders(article, { 'cf-mitigated': 'challenge' }));
    expect(wall).toEqual({
      vendor: 'cloudflare',
      evidence: expect.arrayContaining(['header cf-mitigated: challenge']),
    });
  });

  it('lists every signal of a long page with a verdict, and none without one', () => {
    const text = `<p>${'An article about mitigation services and their pages. '.repeat(60)}</p>`;
    const body = `<html><body>${text}<p>DDoS protection by Cloudflare</p></body></html>`;
    expect(detectBotWall(html(200, body, { ...HTML, server: 'cloudflare' }))).toBeNull();
    const wall = detectBotWall(
      html(200, body, { ...HTML, server: 'cloudflare', 'cf-mitigated': 'challenge' }),
    );
    expect(wall?.vendor).toBe('cloudflare');
    expect(wall?.evidence).toEqual(
      expect.arrayContaining(['header cf-mitigated: challenge', 'text "DDoS protection by Cloudflare"']),
    );
  });

  it('recognises the Vercel checkpoint from its page alone on a 429', () => {
    const page = withoutHeaders(
      wallFixture('vercel-checkpoint'),
      'x-vercel-mitigated',
      'x-vercel-challenge-token',
      'x-vercel-id',
      'server',
    );
    expect(detectBotWall(page)).toEqual({
      vendor: 'vercel',
      evidence: ['title "Vercel Security Checkpoint"', 'url .well-known/vercel/security/', 'HTTP 429'],
    });
  });

  it("names DataDome, not Cloudflare, for DataDome's captcha served through Cloudflare", () => {
    const page = withHeaders(wallFixture('datadome-captcha'), {
      server: 'cloudflare',
      'cf-ray': '8e1f2a3b4c5d6e90-FRA',
    });
    expect(detectBotWall(page)?.vendor).toBe('datadome');
  });

  it('names the vendor behind a thin 403 from its presence alone (cf-ray, bot-manager cookies)', () => {
    const forbidden = '<html><body><h1>Forbidden</h1><p>You cannot view this resource.</p></body></html>';
    expect(detectBotWall(html(403, forbidden, { ...HTML, 'cf-ray': '8e1f-FRA' }))).toEqual({
      vendor: 'cloudflare',
      evidence: ['header cf-ray: 8e1f-FRA', 'HTTP 403'],
    });
    const px = html(403, forbidden, {
      ...HTML,
      'set-cookie': '_pxhd=abc:def; Expires=Thu, 29 May 2025 17:20:45 GMT; path=/;',
    });
    expect(detectBotWall(px)?.vendor).toBe('perimeterx');
  });

  it('reads every cookie name when several Set-Cookie headers were joined', () => {
    const wall = detectBotWall(wallFixture('akamai-bot-manager'));
    expect(wall?.evidence).toEqual(['cookie _abck', 'cookie bm_sz', 'HTTP 403']);
  });

  describe('Fastly (a wall for scrape only)', () => {
    it('is named when includeFastly is set', () => {
      const wall = detectBotWall(wallFixture('fastly-blocked'), { includeFastly: true });
      expect(wall?.vendor).toBe('fastly');
      expect(wall?.evidence).toEqual(
        expect.arrayContaining([
          'text "Request blocked"',
          'header x-served-by: cache-fra-etou8220045-FRA',
          'HTTP 403',
        ]),
      );
    });

    it('is not named otherwise; the bare 403 it is stays a generic wall', () => {
      const wall = detectBotWall(wallFixture('fastly-blocked'));
      expect(wall?.vendor).toBe('unknown');
      expect(wall?.evidence).toEqual(['HTTP 403 with 135 characters of text']);
    });

    it('does not flag a normal page served through Fastly', () => {
      const page = withHeaders(wallFixture('normal/contact-us'), {
        'x-served-by': 'cache-fra-etou8220045-FRA',
        'x-timer': 'S1717007000.412731,VS0,VE1',
        via: '1.1 varnish',
      });
      expect(detectBotWall(page, { includeFastly: true })).toBeNull();
    });
  });
});

describe('detectBotWall: generic walls', () => {
  it.each([403, 429, 444])('a bare %i with little or no content is a wall', (status) => {
    const nginx =
      '<html><head><title>403 Forbidden</title></head><body><center><h1>403 Forbidden</h1></center><hr><center>nginx</center></body></html>';
    expect(detectBotWall(html(status, nginx))).toEqual({
      vendor: 'unknown',
      evidence: [`HTTP ${status} with 19 characters of text`],
    });
    const empty = fetchedPage({ status, body: '', kind: 'text', headers: {} });
    expect(detectBotWall(empty)).toEqual({
      vendor: 'unknown',
      evidence: [`HTTP ${status} with 0 characters of text`],
    });
  });

  it('does not call a 403 with real content a wall (it stays UPSTREAM_HTTP)', () => {
    const paragraph =
      '<p>This repository is private. Members of the Hollow Oak organisation can request access from an owner; everyone else can browse our public projects, read the documentation or open an issue on the community tracker.</p>';
    const page = html(403, `<html><body><h1>You need permission</h1>${paragraph.repeat(4)}</body></html>`);
    expect(detectBotWall(page)).toBeNull();
  });

  it('does not call other short errors walls', () => {
    expect(detectBotWall(html(401, '<h1>401 Unauthorized</h1>'))).toBeNull();
    expect(detectBotWall(html(500, '<h1>Internal Server Error</h1>'))).toBeNull();
  });

  it.each([
    ['an empty body', ''],
    ['an empty document', '<!DOCTYPE html><html><head><title></title></head><body></body></html>'],
    ['a titled page with nothing in it', '<html><head><title>Loading</title></head><body>  </body></html>'],
    [
      'scripts and no root container',
      '<html><body><script src="/bundle.js"></script><style>body{}</style></body></html>',
    ],
  ])('a 2xx with %s is an empty-shell wall', (_label, body) => {
    expect(detectBotWall(html(200, body))).toEqual({
      vendor: 'unknown',
      evidence: ['HTTP 200 with no visible text and no app root container'],
    });
  });

  it.each([
    ['<html><body><h1>Access denied</h1></body></html>', 'Access denied'],
    [
      '<html><body><center><h1>403 Forbidden</h1></center><hr><center>nginx</center></body></html>',
      '403 Forbidden',
    ],
    ['<p>Request blocked.</p>', 'Request blocked.'],
    ['Too many requests', 'Too many requests'],
    [
      '<h1>Service Unavailable</h1><p>The server is temporarily unable to service your request.</p>',
      'Service Unavailable',
    ],
    ['<h2>Error 429 - Too Many Requests</h2>', 'Error 429 - Too Many Requests'],
    ['<h1>Access denied.</h1><p>You do not have permission to view this page.</p>', 'Access denied.'],
  ])('a 2xx error placeholder is a wall: %s', (body, line) => {
    expect(detectBotWall(html(200, body))).toEqual({
      vendor: 'unknown',
      evidence: [`HTTP 200 whose text is an error placeholder: "${line}"`],
    });
  });

  it('names the vendor in front of a 2xx placeholder', () => {
    const page = html(200, '<h1>Request blocked</h1>', {
      ...HTML,
      'x-served-by': 'cache-fra-etou8220045-FRA',
    });
    expect(detectBotWall(page, { includeFastly: true })?.vendor).toBe('fastly');
  });

  it('does not take a page that merely starts with an error word for a placeholder', () => {
    const bakery =
      '<h1>Forbidden Fruit Bakery</h1><p>Sourdough, rye and seasonal tarts. Open daily from 8am.</p>';
    expect(detectBotWall(html(200, bakery))).toBeNull();
    const long = `<h1>Access denied</h1><p>${'Our records show this account was closed at the owner’s request. '.repeat(4)}</p>`;
    expect(detectBotWall(html(200, long))).toBeNull();
    const json = fetchedPage({ status: 200, kind: 'json', body: '{"error":"Too many requests"}' });
    expect(detectBotWall(json)).toBeNull();
  });
});

describe('detectBotWall: normal pages are never walls', () => {
  it.each([
    'normal/article-cloudflare-outage',
    'normal/contact-us',
    'normal/cloudflare-served-product',
    'normal/datadome-protected-home',
    'normal/not-found',
    'normal/react-streamed-article',
    'normal/article-quoting-block-pages',
  ])('%s', (name) => {
    expect(detectBotWall(wallFixture(name))).toBeNull();
    expect(detectBotWall(wallFixture(name), { includeFastly: true })).toBeNull();
  });

  it('an article quoting challenge markup is not a wall even when short enough to be judged one', () => {
    const article = wallFixture('normal/article-cloudflare-outage');
    const excerpt = article.body
      .replace(/<p>For roughly[\s\S]*?(<h2>What the challenge page)/, '$1')
      .replace(/<p>None of that is secret[\s\S]*<\/article>/, '</article>');
    expect(excerpt).toContain('<code>window._cf_chl_opt</code>');
    expect(readDocument(excerpt).visibleText.length).toBeLessThan(1000);
    expect(detectBotWall({ ...article, body: excerpt })).toBeNull();
    expect(detectBotWall({ ...article, body: excerpt, status: 503 })).toBeNull();
  });

  it('an article quoting block-page wording in code and quotations is not a wall, whatever its status', () => {
    const article = wallFixture('normal/article-quoting-block-pages');
    expect(readDocument(article.body).visibleText.length).toBeLessThan(1200);
    expect(readDocument(article.body).visibleText).toContain('Incapsula incident ID');
    for (const status of [200, 403, 503])
      expect(detectBotWall({ ...article, status }), String(status)).toBeNull();
  });

  it('a short page with a captcha on its form is not a wall', () => {
    const contact = html(
      200,
      '<html><head><title>Contact us</title><script src="https://www.google.com/recaptcha/api.js" async></script></head>' +
        '<body><h1>Contact us</h1><form action="/contact" method="post"><label>Your message <textarea name="m"></textarea></label>' +
        '<div class="g-recaptcha" data-sitekey="6Lc_example"></div><button>Send</button></form></body></html>',
    );
    expect(detectBotWall(contact)).toBeNull();
  });

  it.each([
    ['Imperva', { 'x-cdn': 'Imperva', 'set-cookie': 'visid_incap_2468135=abc; path=/' }],
    ['F5', { 'set-cookie': 'TS01a2b3c4=01d2e3f4a5b6; Path=/' }],
    ['Sucuri', { server: 'Sucuri/Cloudproxy', 'x-sucuri-id': '14015' }],
    ['DDoS-Guard', { server: 'ddos-guard', 'set-cookie': '__ddg1_=abc; Path=/' }],
    ['Cloudflare', { server: 'cloudflare', 'cf-ray': '8e1f-FRA', 'set-cookie': '__cf_bm=abc; path=/' }],
    ['DataDome', { 'x-datadome': 'protected', 'set-cookie': 'datadome=abc; Path=/' }],
    ['PerimeterX', { 'set-cookie': '_pxhd=abc:def; path=/' }],
    ['Akamai', { server: 'AkamaiGHost', 'set-cookie': '_abck=abc~-1~; Path=/' }],
    ['Amazon', { 'x-amz-rid': 'K3ZQ8T1M7N4P2R6V9W0X' }],
    ['Vercel', { server: 'Vercel', 'x-vercel-id': 'fra1::w9k2m-1717006725123-0a1b2c3d4e5f' }],
  ])('a short 200 page served through %s is not a wall', (_vendor, headers) => {
    expect(detectBotWall(withHeaders(wallFixture('normal/contact-us'), headers))).toBeNull();
  });

  it('a 404 or 410 is never a wall, whatever its body', () => {
    expect(detectBotWall(wallFixture('cloudflare-challenge', { status: 404 }))).toBeNull();
    expect(detectBotWall(html(410, ''))).toBeNull();
  });

  it('a 5xx from a site behind a vendor is not a wall without challenge markup', () => {
    const cf522 =
      '<html><head><title>shop.example.com | 522: Connection timed out</title></head><body><div id="cf-error-details"><h1>Connection timed out</h1><p>Error code 522</p></div></body></html>';
    expect(
      detectBotWall(html(522, cf522, { ...HTML, server: 'cloudflare', 'cf-ray': '8e1f-FRA' })),
    ).toBeNull();
    const maintenance = html(503, '<h1>Service Unavailable</h1><p>Back soon.</p>', {
      ...HTML,
      'cf-ray': '8e1f-FRA',
    });
    expect(detectBotWall(maintenance)).toBeNull();
  });

  it('a binary is never a wall', () => {
    expect(detectBotWall(fetchedPage({ status: 403, kind: 'binary', body: '' }))).toBeNull();
    expect(detectBotWall(fetchedPage({ status: 200, kind: 'binary', body: '' }))).toBeNull();
  });
});

describe('isBareBlockStatus', () => {
  it('is true for 403, 429 and 444 only', () => {
    expect([403, 429, 444].map(isBareBlockStatus)).toEqual([true, true, true]);
    expect([200, 401, 404, 410, 451, 500, 503].map(isBareBlockStatus)).toEqual(Array(7).fill(false));
  });
});
