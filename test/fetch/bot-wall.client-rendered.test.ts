import { describe, expect, it } from 'vitest';
import { detectBotWall } from '../../lib/fetch/bot-wall.js';
import {
  detectClientRendered,
  isClientRenderedHtml,
  isClientRenderedShell,
  readDocument,
  visibleLength,
  visibleLengthReaches,
} from '../../lib/fetch/client-rendered.js';
import type { ParentNode } from '../../lib/html/dom.js';
import { loadMarkup } from '../../lib/html/markup-parser.js';
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
  it('calls an app root empty only when nothing in it is seen: white space, scripts and hidden text do not count', () => {
    const root = (inside: string) =>
      readDocument(`<body><div id="root">${inside}</div></body>`).hasEmptyRootContainer;
    expect(root('')).toBe(true);
    expect(
      root(' \n\u00a0<script>boot()</script><div hidden>Loading</div><span style="display:none">x</span>'),
    ).toBe(true);
    expect(root('<main><section><p> </p><p>Hello</p></section></main>')).toBe(false);
    expect(root('<div aria-hidden="true">icon</div><p>Welcome back</p>')).toBe(false);
  });

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

describe('visibleLengthReaches (the gate counts, the full reading writes)', () => {
  const pages = [
    '<p>one</p><p>two</p>',
    '<span>run</span><span>on</span> <b> spaced </b>\n\t<i>out</i>   ',
    '<div>a<br>b<br><br>c</div><ul><li> x </li><li>y</li></ul>tail  ',
    '<p>shown</p><div hidden>left out</div><p style="display: none">also</p><script>var a;</script>end',
    '<h1>Title</h1><blockquote><p>quoted <code>code</code></p></blockquote><table><tr><td>1</td><td>2</td></tr></table>',
    '\u00a0lead\u2003and\u00a0no-break\u00a0spaces\u3000<p>\u00a0</p>',
  ];

  it('reaches exactly the length of the visible text the full reading gives', () => {
    for (const html of pages) {
      const length = visibleLength(readDocument(html).visibleText);
      const root = loadMarkup(html).root()[0] as unknown as ParentNode;
      expect(visibleLengthReaches(root, length), html).toBe(true);
      expect(visibleLengthReaches(root, length + 1), html).toBe(false);
    }
  });
});

describe('visible text leaves hidden elements out and reads a <noscript> page', () => {
  it('counts display:none, visibility:hidden, hidden and aria-hidden text apart', () => {
    const facts = readDocument(
      '<html><body><p>Shown line</p><div style="display: none">+((!+[]+!![]))</div>' +
        '<div style="visibility:hidden">secret one</div><p hidden>secret two</p>' +
        '<span aria-hidden="true">icon</span></body></html>',
    );
    expect(facts.visibleText).toBe('Shown line');
    expect(facts.hiddenChars).toBe('+((!+[]+!![]))'.length + 'secret one'.length + 'secret two'.length + 4);
  });

  it('keeps the arithmetic of a 2020 challenge out of the page text', () => {
    const facts = readDocument(wallFixture('cloudflare-jschl-2020-hidden-math').body);
    expect(facts.hiddenChars).toBeGreaterThan(6000);
    expect(facts.visibleText.length).toBeLessThan(400);
    expect(facts.visibleText).not.toContain('!![]');
  });

  it('takes a substantial <noscript> as the page when it outweighs what is outside it', () => {
    const facts = readDocument(wallFixture('normal/forum-thread-in-noscript').body);
    expect(facts.visibleText).toContain('bleed the cooling system');
    expect(isClientRenderedShell(facts)).toBe(false);
  });

  it('leaves a short "enable JavaScript" <noscript> out of the page text', () => {
    const facts = readDocument(
      '<html><body><div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript></body></html>',
    );
    expect(facts.visibleText).toBe('');
    expect(isClientRenderedShell(facts)).toBe(true);
  });
});

describe('an application shell whatever its mount point is called', () => {
  const head =
    '<title>Harbor Lights Apartments</title><meta name="description" content="Floor plans, monthly prices and move-in dates for every apartment.">';

  it('is client-rendered with a title, a description and application scripts', () => {
    const page = `<html><head>${head}<script src="/app.js"></script></head><body><div id="container"></div></body></html>`;
    expect(clientRendered(page)).toBe(true);
    expect(detectBotWall(fetchedPage({ status: 200, body: page }))).toBeNull();
  });

  it('reads prose that waits hidden for a script as the page, not as an empty shell', () => {
    const hidden = '<p>Crisp almond thins, baked in small batches from a family recipe.</p>'.repeat(10);
    const page = `<html><head><script src="/reveal.js"></script></head><body><div style="display:none">${hidden}</div></body></html>`;
    expect(readDocument(page).visibleText).toContain('Crisp almond thins');
    expect(clientRendered(page)).toBe(false);
    expect(detectBotWall(fetchedPage({ status: 200, body: page }))).toBeNull();
  });

  it('reads a React page streamed into a hidden segment (<div hidden id="S:0">) that a script moves into place', () => {
    const facts = readDocument(wallFixture('normal/react-streamed-article').body);
    expect(facts.visibleText).toContain('Drain a litre from the skin tank');
    expect(isClientRenderedShell(facts)).toBe(false);
  });

  it('is client-rendered when what waits hidden is not prose', () => {
    const hidden = '<span>+((!+[]+!![]+!![])+(!+[]+!![]))</span>'.repeat(30);
    const page = `<html><head><script src="/reveal.js"></script></head><body><div style="display:none">${hidden}</div></body></html>`;
    expect(readDocument(page).visibleText).toBe('');
    expect(clientRendered(page)).toBe(true);
  });

  it('is still a wall without scripts, or with only a title', () => {
    expect(clientRendered(`<html><head>${head}</head><body><div id="container"></div></body></html>`)).toBe(
      false,
    );
    const titled =
      '<html><head><title>Checking</title><script src="/x.js"></script></head><body><div id="container"></div></body></html>';
    expect(clientRendered(titled)).toBe(false);
    expect(detectBotWall(fetchedPage({ status: 200, body: titled }))?.vendor).toBe('unknown');
  });
});
