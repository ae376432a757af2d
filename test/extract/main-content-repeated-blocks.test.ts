import { describe, expect, it } from 'vitest';
import { mainText } from './main-text.js';

const description =
  'Woven from undyed linen on a hand loom, this throw softens with every wash and keeps its shape for years of use on a sofa or a bed.';
const care =
  'Wash cold on a gentle cycle, dry flat in the shade and press with a warm iron while still slightly damp.';

function page(declaration: string): string {
  return `<html><head>${declaration}</head><body>
    <header><a href="/">Home</a> <a href="/cart">Cart</a></header>
    <main>
      <div class="product">
        <h1>Linen throw, natural</h1>
        <div class="info-mobile"><p>${description}</p><p>${care}</p></div>
        <div class="gallery"><p>Photographed in our studio in natural light.</p></div>
        <div class="info-desktop"><p>${description}</p><p>${care}</p></div>
        <p>Each throw measures 130 by 170 centimetres and weighs about 900 grams, fringes included.</p>
      </div>
    </main>
    <footer><p>© Linen Shop. Terms of sale.</p></footer>
  </body></html>`;
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('a product page printing its description twice (a mobile and a desktop copy)', () => {
  const product = page(
    '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Linen throw"}</script>',
  );

  it('gives the description once', () => {
    const text = mainText(product);
    expect(occurrences(text, 'Woven from undyed linen')).toBe(1);
    expect(occurrences(text, 'Wash cold on a gentle cycle')).toBe(1);
    expect(text).toContain('Each throw measures 130 by 170 centimetres');
  });

  it('leaves a page that declares no product as it was (a thread quotes its posts word for word)', () => {
    const text = mainText(page(''));
    expect(occurrences(text, 'Woven from undyed linen')).toBe(2);
  });
});

describe('a product page printing a list of short items twice (a currency picker in two layouts)', () => {
  const currencies = ['EUR 129.00', 'GBP 110.82', 'USD 149.64', 'CAD 206.74', 'AUD 232.60']
    .map((price) => `<li><span>${price}</span></li>`)
    .join('');
  const html = `<html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Hemp dress"}</script></head><body>
    <header><a href="/">Home</a> <a href="/cart">Cart</a></header>
    <main>
      <div class="product">
        <h1>Hemp dress, rust</h1>
        <div class="price-top"><ul class="prices">${currencies}</ul></div>
        <p>${description}</p>
        <p>${care}</p>
        <div class="price-bottom"><ul class="prices">${currencies}</ul></div>
        <p>Each dress is cut and sewn to order in a small workshop and ships within ten working days.</p>
      </div>
    </main>
    <footer><p>© Hemp Shop. Terms of sale.</p></footer>
  </body></html>`;

  it('gives the list once, though each item is too short to count as a repeat alone', () => {
    const text = mainText(html);
    expect(occurrences(text, 'GBP 110.82')).toBe(1);
    expect(occurrences(text, 'AUD 232.60')).toBe(1);
    expect(text).toContain('Each dress is cut and sewn to order');
  });
});
