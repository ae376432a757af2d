import { describe, expect, it } from 'vitest';
import { detectBotWall } from '../../lib/fetch/bot-wall.js';
import { detectClientRendered, isClientRenderedHtml, readDocument } from '../../lib/fetch/client-rendered.js';
import { fetchedPage, wallFixture } from '../fixtures/walls/load-wall-fixture.js';

function clientRendered(html: string): boolean {
  return detectClientRendered(html, readDocument(html).visibleText);
}

describe('detectClientRendered (docs/reference/pages.md#extract_text)', () => {
  it.each(['client-rendered/react-shell', 'client-rendered/angular-shell'])(
    '%s is client-rendered',
    (name) => {
      expect(clientRendered(wallFixture(name).body)).toBe(true);
    },
  );

  it.each([
    ['#root', '<div id="root"></div>'],
    ['#app with a text-less spinner', '<div id="app"><div class="spinner"></div></div>'],
    ['#__next', '<div id="__next"></div>'],
    ['#__nuxt', '<div id="__nuxt"><!-- ssr off --></div>'],
    ['[data-reactroot]', '<div data-reactroot=""></div>'],
    ['<app-root>', '<app-root></app-root>'],
    [
      'an empty root beside a little chrome',
      '<header><a href="/">Acme</a> <a href="/login">Log in</a></header><div id="root"></div>',
    ],
  ])('an empty root container (%s) under 200 characters', (_label, body) => {
    expect(clientRendered(`<html><head><title>App</title></head><body>${body}</body></html>`)).toBe(true);
  });

  it.each([
    'This site requires JavaScript.',
    'Please enable JavaScript to continue.',
    'JavaScript is disabled in your browser.',
    'You need to turn on JavaScript to use this app.',
  ])('an enable-JavaScript notice without a root container: "%s"', (notice) => {
    expect(clientRendered(`<html><body><p>${notice}</p></body></html>`)).toBe(true);
    expect(clientRendered(`<html><body><noscript>${notice}</noscript></body></html>`)).toBe(true);
  });

  it('is false for a short server-rendered page whose root holds the content', () => {
    const contact = wallFixture('normal/contact-us').body;
    expect(readDocument(contact).visibleText.length).toBeLessThan(200);
    expect(clientRendered(contact)).toBe(false);
  });

  it('is false at 200 visible characters or more, even with an empty root', () => {
    const text = 'Fresh bread every morning from our wood-fired oven. '.repeat(4);
    expect(text.trim().length).toBeGreaterThanOrEqual(200);
    expect(clientRendered(`<html><body><p>${text}</p><div id="root"></div></body></html>`)).toBe(false);
  });

  it('is false for a short page with neither a root container nor a notice', () => {
    expect(clientRendered('<html><body><h1>Contact us</h1><p>hello@example.com</p></body></html>')).toBe(
      false,
    );
  });

  it('measures the caller’s visible text, not the markup', () => {
    const html = '<html><body><div id="root"></div></body></html>';
    expect(detectClientRendered(html, '')).toBe(true);
    expect(detectClientRendered(html, 'x'.repeat(250))).toBe(false);
  });
});

describe('client-rendered shell versus empty-shell wall', () => {
  it('a client-rendered shell is not a wall', () => {
    expect(detectBotWall(wallFixture('client-rendered/react-shell'))).toBeNull();
    expect(detectBotWall(wallFixture('client-rendered/angular-shell'))).toBeNull();
  });

  it('a 2xx with literally nothing is a wall', () => {
    const page = fetchedPage({ status: 200, body: '<html><head></head><body></body></html>' });
    expect(detectBotWall(page)?.vendor).toBe('unknown');
  });

  it('a vendor challenge is a wall even though it asks to enable JavaScript', () => {
    const challenge = wallFixture('cloudflare-challenge');
    expect(clientRendered(challenge.body)).toBe(true);
    expect(detectBotWall(challenge)?.vendor).toBe('cloudflare');
  });
});

describe('readDocument', () => {
  it('reads one line per block and leaves out what no one sees', () => {
    const facts = readDocument(
      '<html><head><title> Shop </title><style>p{}</style></head><body><h1>403 Forbidden</h1><hr><center>nginx</center>' +
        '<script>var hidden = 1;</script><noscript>Enable JavaScript</noscript><p>a<br>b</p><!-- note --></body></html>',
    );
    expect(facts.visibleText).toBe('403 Forbidden\nnginx\na\nb');
    expect(facts.title).toBe('Shop');
    expect(facts.noscriptText).toBe('Enable JavaScript');
    expect(facts.inlineScripts).toEqual(['var hidden = 1;']);
    expect(facts.comments).toEqual([' note ']);
  });

  it('decodes entities, as the Akamai page needs', () => {
    expect(readDocument('<p>Reference&#32;&#35;18&#46;2d35</p>').visibleText).toBe('Reference #18.2d35');
  });
});

describe('isClientRenderedHtml (supplied HTML, read only as far as needed)', () => {
  const shell = (extra: string) =>
    `<html><head><title>App</title><script>${'var x=1;'.repeat(50)}</script></head><body>${extra}<div id="root"></div></body></html>`;

  it('agrees with the full reading on shells and pages', () => {
    for (const name of [
      'client-rendered/react-shell',
      'client-rendered/angular-shell',
      'normal/contact-us',
    ]) {
      const { body } = wallFixture(name);
      expect(isClientRenderedHtml(body), name).toBe(clientRendered(body));
    }
  });

  it('stops at 200 visible characters, counting a run of white space once and scripts not at all', () => {
    expect(isClientRenderedHtml(shell(`<p>${'a'.repeat(199)}</p>`))).toBe(true);
    expect(isClientRenderedHtml(shell(`<p>${'a'.repeat(200)}</p>`))).toBe(false);
    expect(
      isClientRenderedHtml(shell(`<p>${'a'.repeat(100)}${' \n\t '.repeat(200)}${'b'.repeat(98)}</p>`)),
    ).toBe(true);
    expect(isClientRenderedHtml(shell(`<p>${'a'.repeat(100)} ${'b'.repeat(99)}</p>`))).toBe(false);
  });
});
