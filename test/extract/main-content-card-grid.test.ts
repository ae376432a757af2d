import { describe, expect, it } from 'vitest';
import { mainText } from './main-text.js';

describe('a grid of like cards, each a linked title and a sentence', () => {
  const cards = [
    ['Weekly planning', 'Set three goals on Monday and check them off by Friday.'],
    ['Moving house', 'Boxes, keys and the meter readings, one list for the week.'],
    ['Reading list', 'Books friends mention, sorted by how soon you want them.'],
    ['Garden jobs', 'Seeds to sow and beds to water, month by month all year.'],
  ];
  const html = `<html><body>
    <header><a href="/">Lists</a> <a href="/pricing">Pricing</a></header>
    <main>
      <h1>Start from a template</h1>
      <p>Every list you make can start from one of ours: pick a template, change what does not fit, and share it with the people who help you.</p>
      <p>Templates are free on every plan, and you can save your own lists as templates for the next time the same job comes round again.</p>
      <ul class="templates">${cards
        .map(
          ([title, text]) =>
            `<li><div class="icon-card"><a href="/templates/${title.toLowerCase().replace(' ', '-')}"><h3>${title}</h3></a><p>${text}</p></div></li>`,
        )
        .join('')}</ul>
    </main>
    <footer><p>© Lists Ltd.</p></footer>
  </body></html>`;

  it('keeps every card', () => {
    const text = mainText(html);
    for (const [title, body] of cards) {
      expect(text).toContain(title);
      expect(text).toContain(body);
    }
  });
});
