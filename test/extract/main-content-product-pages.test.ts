import { describe, expect, it } from 'vitest';
import { mainText } from './main-text.js';

describe('a product page shipped hidden until a script reveals it', () => {
  const html = `<html><body>
    <header><a href="/">Shop</a> <a href="/cart">Cart</a></header>
    <div class="product-wrapper defer-block" style="display: none">
      <article class="product">
        <h1>Almond thins, cranberry, 148 g</h1>
        <ul><li>Product code: ALD-00601</li><li>Package quantity: 148 g</li></ul>
        <div class="overview">
          <p>Our family created these crunchy almond crisps for get-togethers: a lighter version of a grandmother's recipe that became the snack everyone asked for at the office.</p>
          <p>Baked in small batches with ingredients found in most kitchens, they contain no cholesterol, no dairy and no preservatives, and keep for weeks in the tin.</p>
        </div>
      </article>
    </div>
    <div class="departments">${[
      'Snacks',
      'Supplements',
      'Baby',
      'Beauty',
      'Sports nutrition',
      'Pets',
      'Household',
      'Grocery',
    ]
      .map(
        (name) =>
          `<ul><li><a href="/c/${name}">${name}: bestsellers of the month</a></li><li><a href="/c/${name}/new">${name}: new arrivals this week</a></li><li><a href="/c/${name}/sale">${name}: special offers and bundles</a></li></ul>`,
      )
      .join('')}</div>
    <footer><p>© Shop Ltd. Terms of sale.</p></footer>
  </body></html>`;

  it('is the product, read as the reader sees it once the script has run', () => {
    const text = mainText(html);
    expect(text).toContain('Our family created these crunchy almond crisps');
    expect(text).toContain('Baked in small batches');
  });

  it('leaves the header and the footer out', () => {
    const text = mainText(html);
    expect(text).not.toContain('Terms of sale');
    expect(text).not.toContain('new arrivals this week');
    expect(text).not.toContain('Cart');
  });
});

describe('a product lineup page whose footer small print outweighs the page', () => {
  const models = [
    ['Trail Watch 3', 'The ultimate way to track your runs.', 'From $399'],
    ['Trail Watch SE', 'Essential features at a great value.', 'From $249'],
    ['Trail Watch Ultra', 'The most rugged watch we make, for the longest days.', 'From $799'],
  ];
  const footnote =
    'Monthly installments are a 0% APR payment option available only when selected at checkout for eligible products, subject to credit approval and credit limit; taxes and shipping are charged at the variable APR of the card, and the last payment may differ because of rounding.';
  const html = `<html><body>
    <nav><a href="/">Watches</a> <a href="/shop">Shop</a></nav>
    <main>
      <h1>Trail Watch</h1><p>Explore the lineup.</p>
      ${models
        .map(
          ([name, line, price]) =>
            `<div class="tile"><h3>${name}</h3><p>${line}</p><p>${price} or pay monthly.</p><a href="/buy">Buy</a></div>`,
        )
        .join('')}
    </main>
    <footer class="site-footer"><div class="small-notes">${Array.from(
      { length: 8 },
      (_, i) => `<p>${i + 1}. ${footnote}</p>`,
    ).join('')}</div><p>Copyright 2026 Trail Inc. All rights reserved.</p></footer>
  </body></html>`;

  it('is the lineup in <main>, not the footer', () => {
    const text = mainText(html, 'https://watch.example/watch/');
    for (const [name, line] of models) {
      expect(text).toContain(name);
      expect(text).toContain(line);
    }
    expect(text).not.toContain('0% APR payment option');
  });
});
