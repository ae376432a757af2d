import { describe, expect, it } from 'vitest';
import { classTokens, isHiddenByName } from '../../lib/extract/main-content/patterns.js';
import { mainText } from './main-text.js';

const tokensOf = (className: string) =>
  classTokens({ attribs: { class: className } } as unknown as Parameters<typeof classTokens>[0]);

describe('class names that hide a part of the box, not the box', () => {
  it('reads a field whose label is hidden, and a block left out of a quick-add popup, as visible', () => {
    expect(isHiddenByName(tokensOf('field field--name-body field--label-hidden'))).toBe(false);
    expect(isHiddenByName(tokensOf('product__description rte quick-add-hidden'))).toBe(false);
  });

  it('still reads hiding classes as hidden', () => {
    expect(isHiddenByName(tokensOf('visually-hidden'))).toBe(true);
    expect(isHiddenByName(tokensOf('panel is-hidden'))).toBe(true);
    expect(isHiddenByName(tokensOf('quick-view hidden'))).toBe(true);
  });
});

describe('a product page whose description is named hidden in the quick-add popup', () => {
  const description = [
    'These open headphones were tuned by hand in a small workshop, each pair matched driver to driver before it leaves the bench.',
    'The wooden rings come from one supplier of walnut, so every pair looks a little different, and the pads are lambskin over memory foam.',
    'Inside the box: the headphones, a two-metre cable with a quarter-inch plug, a travel case and a printed guide to caring for the wood.',
  ];
  const html = `<html><body>
    <header><a href="/">Audio shop</a> <a href="/cart">Cart</a></header>
    <main>
      <div class="product__info-container">
        <h1>Walnut open headphones</h1>
        <p class="price">$799.00</p>
        <p>Free shipping on orders over $50, and every order ships from our own warehouse within two working days.</p>
        <p>Pay in four instalments without interest, or choose a monthly plan over a year when you check out with a card.</p>
        <p>Every pair is covered by a two-year warranty from the maker, and our own team answers questions about it by phone.</p>
        <div class="product__description rte quick-add-hidden">${description.map((p) => `<p>${p}</p>`).join('')}</div>
      </div>
    </main>
    <footer>${[
      'Returns are free within thirty days of delivery for unused items in their original packaging, and refunds reach your card in a week.',
      'Our showroom is open Monday to Saturday from ten to six, and our listening room can be booked for an hour with one of our staff.',
      'Prices include sales tax where it applies; import duties for orders shipped abroad are paid by the buyer on delivery to the address.',
      'Sign up for our letter to hear about new arrivals, listening events in the showroom and the occasional sale on last season’s models.',
    ]
      .map((line) => `<p>${line}</p>`)
      .join('')}<p>© Audio shop. All rights reserved.</p></footer>
  </body></html>`;

  it('keeps the description', () => {
    const text = mainText(html);
    for (const paragraph of description) expect(text).toContain(paragraph);
  });
});
