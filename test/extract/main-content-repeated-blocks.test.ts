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
