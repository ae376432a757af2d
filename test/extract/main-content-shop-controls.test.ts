import { describe, expect, it } from 'vitest';
import { mainText } from './main-text.js';

describe("a category page whose cards print the shop's controls as text", () => {
  const products = [
    ['Trail Runner 3', 'Light trail shoe with a rock plate', '$129.99'],
    ['Road Glide', 'Cushioned shoe for long road miles', '$119.99'],
    ['Track Spike Pro', 'Racing spike for the 800 m and up', '$89.99'],
  ];
  const html = `<html><body>
    <header><a href="/">Run Shop</a> <a href="/cart">Cart</a></header>
    <main>
      <h1>Running shoes</h1>
      <p>Shoes for road, trail and track, chosen by the staff of our stores and tested on our weekly group runs before they reach the shelves.</p>
      <ul class="grid">${products
        .map(
          ([name, line, price]) =>
            `<li class="card"><a href="/p/${name}">${name}</a><p>${line}</p><span class="price">${price}</span>` +
            `<a href="#" type="button" class="wish">+ wishlist</a><span class="cmp">Compare</span><a href="#" class="qv">Quick view</a></li>`,
        )
        .join('')}</ul>
      <p>Not sure about your size? Every pair can be returned within sixty days, worn or not, and our fitters answer questions by phone.</p>
    </main>
    <footer><p>© Run Shop</p></footer>
  </body></html>`;

  it('leaves the controls out of each card', () => {
    const text = mainText(html);
    expect(text).not.toContain('wishlist');
    expect(text).not.toContain('Compare');
    expect(text).not.toContain('Quick view');
  });

  it('keeps the cards and the words "compare" inside a sentence', () => {
    const text = mainText(
      html.replace(
        'tested on our',
        'tested on our runs so you can <a href="/compare">compare</a> them on our',
      ),
    );
    for (const [name, line, price] of products) {
      expect(text).toContain(name);
      expect(text).toContain(line);
      expect(text).toContain(price);
    }
    expect(text).toContain('so you can compare them');
  });
});
