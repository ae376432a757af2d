import { describe, expect, it } from 'vitest';
import { mainText } from './main-text.js';

const declaration = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Studio microphone SM-7","offers":{"@type":"Offer","price":"399.00","priceCurrency":"USD"}}</script>`;

const reviews = [
  [
    'Great for podcasts',
    'I record two shows a week with it and the voice sounds warm without any work in the editor afterwards.',
  ],
  [
    'Needs a good preamp',
    'Out of the box it was quiet on my old interface, so I had to buy an inline booster before it sounded right.',
  ],
  [
    'Solid build',
    'It survived a fall off the desk during a live stream and still works exactly as it did on the first day.',
  ],
];

function page(head: string, reviewsClass: string): string {
  return `<html><head>${head}</head><body>
    <header><a href="/">Music Shop</a> <a href="/cart">Cart</a></header>
    <main>
      <h1>Studio microphone SM-7</h1>
      <div class="description">
        <p>A dynamic microphone for speech and vocals, with a built-in preamp that lifts its output by up to 28 dB, so it works with any interface.</p>
        <p>The cardioid pattern keeps the sound of the room out, and the windscreen in the box tames plosives when you speak close to it.</p>
      </div>
      <section class="${reviewsClass}">
        <h2>Reviews</h2>
        ${reviews.map(([title, text]) => `<div class="review-item"><h3>${title}</h3><p>${text}</p><p>Verified buyer</p></div>`).join('')}
      </section>
    </main>
    <footer><p>© Music Shop</p></footer>
  </body></html>`;
}

describe("a page that declares a product, with its shoppers' reviews under the description", () => {
  it('is the description without the reviews', () => {
    const text = mainText(page(declaration, 'product-reviews'));
    expect(text).toContain('A dynamic microphone for speech and vocals');
    expect(text).toContain('The cardioid pattern keeps the sound of the room out');
    for (const [, body] of reviews) expect(text).not.toContain(body);
  });

  it("keeps a company's testimonials, which are its pitch", () => {
    const text = mainText(page(declaration, 'testimonials'));
    for (const [, body] of reviews) expect(text).toContain(body);
  });

  it('keeps the reviews on a page that declares no product', () => {
    const text = mainText(page('', 'product-reviews'));
    for (const [, body] of reviews) expect(text).toContain(body);
  });
});
