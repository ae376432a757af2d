import { describe, expect, it } from 'vitest';
import { PageDocument } from '../../lib/extract/index.js';

function mainText(html: string, url = 'https://shop.example/p/almond-thins'): string {
  return PageDocument.parse(html, url).text({ onlyMainContent: true });
}

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
