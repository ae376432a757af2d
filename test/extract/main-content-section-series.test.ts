import { describe, expect, it } from 'vitest';
import { mainText } from './main-text.js';

describe('a furniture heading on the first of a series of like items', () => {
  const items = [
    [
      'Ingredients',
      'Rolled oats, honey from our own hives, toasted almonds, sunflower seeds, dried apricots and a pinch of sea salt.',
    ],
    [
      'How to serve',
      'Pour a handful into a bowl with cold milk or yoghurt, or bake it into bars with a little butter and brown sugar.',
    ],
    [
      'Storage',
      'Keep the bag closed in a cool, dry cupboard; once opened, the granola stays crisp for about six weeks.',
    ],
  ];
  const html = `<html><body>
    <header><a href="/">Granola shop</a> <a href="/cart">Cart</a></header>
    <main><div class="product">
      <h1>Honey almond granola, 500 g</h1>
      <p>Our granola is baked in small batches every Monday in a village bakery, slowly, at a low heat, so the oats turn golden without burning.</p>
      <p>We started with one recipe at a farmers' market ten years ago, and this is still the one most of our customers come back for each month.</p>
      <p>Each bag is packed by hand the day after baking and sent out the same week, in paper that can go with the rest of your recycling.</p>
      <dl class="details">
        <div class="details__item"><dt class="details__title"><a href="#reviews" role="button">Customer reviews</a></dt><dd class="details__panel" id="reviews"><div class="reviews-widget" data-product="17"></div></dd></div>
        ${items
          .map(
            ([title, text]) =>
              `<div class="details__item"><dt class="details__title"><a href="#${title}" role="button">${title}</a></dt><dd class="details__panel"><p>${text}</p></dd></div>`,
          )
          .join('')}
      </dl>
    </div></main>
    <footer><p>© Granola shop.</p></footer>
  </body></html>`;

  it('leaves that item out and keeps the others', () => {
    const text = mainText(html);
    for (const [title, body] of items) {
      expect(text).toContain(title);
      expect(text).toContain(body);
    }
    expect(text).not.toContain('Customer reviews');
  });
});
