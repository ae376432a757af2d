import { describe, expect, it } from 'vitest';
import { mainText } from './main-text.js';

const intro = [
  'Oral health is part of overall health. Tooth decay remains the most common chronic disease of childhood, and it is almost entirely preventable with fluoride, sealants and regular visits to a dentist.',
  'Our programmes fund clinics in rural counties, train primary care teams to check teeth at every well-child visit, and help community health centres add dental chairs.',
];
const cards = [
  [
    'clinics',
    'Rural dental clinics',
    'Grants that keep dental clinics open where the nearest dentist is hours away.',
  ],
  ['training', 'Training for care teams', 'Short courses that teach nurses and doctors to spot decay early.'],
  ['data', 'Data and reports', 'Yearly figures on dental visits, sealants and untreated decay by county.'],
  ['funding', 'Funding opportunities', 'Open calls for proposals, deadlines and how to apply for a grant.'],
];

interface PageParts {
  head?: string;
  /** Printed at the end of `<main>`, where shop themes put their product JSON-LD. */
  inMain?: string;
  /** The topic's name above the introduction, or opening it. */
  headline?: 'above' | 'in-intro';
  /** The tag that holds the introduction and the cards. */
  regionTag?: 'div' | 'article';
  /** The cards: plain articles, or boxes with a name the first pass reads as furniture. */
  cardTag?: 'article' | 'div';
  cardClass?: string;
}

/**
 * A topic page: a two-paragraph introduction beside a grid of linked cards, inside `<main>`. The
 * introduction is the densest prose, and a little under half of the landmark.
 */
function topicPage({
  head = '',
  inMain = '',
  headline = 'above',
  regionTag = 'div',
  cardTag = 'article',
  cardClass = 'card',
}: PageParts = {}): string {
  const h1 = '<h1>Oral health</h1>';
  return `<html><head><title>Oral health | Health Service</title>${head}</head><body>
    <header><a href="/">Health Service</a> <a href="/topics">Topics</a> <a href="/login">Sign in</a></header>
    <main>
      ${headline === 'above' ? h1 : ''}
      <${regionTag} class="region">
        <div class="block block-intro">${headline === 'in-intro' ? h1 : ''}${intro.map((text) => `<p>${text}</p>`).join('')}</div>
        <div class="block block-cards">${cards
          .map(
            ([slug, title, text]) =>
              `<${cardTag} class="${cardClass}"><h3><a href="/oral-health/${slug}">${title}</a></h3><p>${text}</p></${cardTag}>`,
          )
          .join('')}</div>
      </${regionTag}>
      ${inMain}
    </main>
    <footer><p>© Health Service. Accessibility. Privacy.</p></footer>
  </body></html>`;
}

const jsonLd = (type: string) =>
  `<script type="application/ld+json">{"@context":"https://schema.org","@type":"${type}","name":"Oral health"}</script>`;

describe('a page that declares no single article, product or thread', () => {
  it('is its <main> when the scored block holds under 60 % of it', () => {
    const text = mainText(topicPage());
    for (const paragraph of intro) expect(text).toContain(paragraph);
    for (const [, title, summary] of cards) {
      expect(text).toContain(title);
      expect(text).toContain(summary);
    }
    expect(text).not.toContain('Sign in');
    expect(text).not.toContain('Accessibility');
  });

  it('measures the landmark with the parts the first pass named furniture (promo cards)', () => {
    const text = mainText(topicPage({ cardTag: 'div', cardClass: 'promo-card' }));
    expect(text).toContain(intro[0]);
    expect(text).toContain(cards[0][2]);
  });

  it('counts a WebPage declaration as no declaration of an item', () => {
    expect(mainText(topicPage({ head: jsonLd('WebPage') }))).toContain(cards[0][2]);
  });
});

describe('an item page keeps its scored block beside the cards', () => {
  it('when it declares an article or a product in JSON-LD', () => {
    for (const type of ['Article', 'Product']) {
      const text = mainText(topicPage({ head: jsonLd(type) }));
      expect(text, type).toContain(intro[0]);
      expect(text, type).not.toContain(cards[0][2]);
    }
  });

  it('when its product JSON-LD sits in the page body, not in <head>', () => {
    const text = mainText(topicPage({ inMain: jsonLd('Product') }));
    expect(text).toContain(intro[0]);
    expect(text).not.toContain(cards[0][2]);
  });

  it('when it declares an article in og:type', () => {
    const text = mainText(topicPage({ head: '<meta property="og:type" content="article">' }));
    expect(text).not.toContain(cards[0][2]);
  });

  it('when the block holds the landmark’s one headline', () => {
    const text = mainText(topicPage({ headline: 'in-intro' }));
    expect(text).toContain(intro[0]);
    expect(text).not.toContain(cards[0][2]);
  });

  it('when the page marks the block as an <article>', () => {
    const text = mainText(topicPage({ regionTag: 'article' }));
    expect(text).toContain(intro[0]);
    expect(text).not.toContain(cards[0][2]);
  });
});
