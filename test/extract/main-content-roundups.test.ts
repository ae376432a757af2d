import { describe, expect, it } from 'vitest';
import { mainText } from './main-text.js';

const picks = [
  ['Cordless drill', 'Kestrel', 'Brightline'],
  ['Wire stripper', 'Ferro', 'Holm & Sons'],
  ['Voltage tester', 'Tallis', 'Kestrel'],
  ['Fish tape', 'Brightline', 'Ferro'],
];

const review = (tool: string) =>
  `<p>The ${tool.toLowerCase()} is the one tool our electricians reached for on every job this year. ` +
  'It survived drops from a ladder, a winter in the back of a van and a season of apprentices, and it still ' +
  'does the work it did on the first day. Buy the mid-priced model: the cheapest ones wear out within months.</p>';

const shopLinks = (tool: string, a: string, b: string) =>
  `<ul><li><a href="https://shop-one.example/${a}">Shop One (${a})</a></li>` +
  `<li><a href="https://shop-two.example/${b}">Shop Two (${b})</a></li>` +
  `<li><a href="https://shop-three.example/${tool}">Shop Three (${b})</a></li></ul>`;

const page = `<html><body>
  <nav><a href="/">Home</a> <a href="/guides">Guides</a> <a href="/tools">Tools</a></nav>
  <main><div class="content"><h1>The best electrician tools</h1>
    <p>We asked forty working electricians which tools earn their place in the bag, and tested the ones they named for a year on real jobs.</p>
    ${picks.map(([tool, a, b]) => `<h2>${tool}</h2>${review(tool)}${shopLinks(tool, a, b)}`).join('')}
    <h2>More guides</h2>
    <ul><li><a href="/guides/1">Ladders</a></li><li><a href="/guides/2">Vans</a></li><li><a href="/guides/3">Gloves</a></li></ul>
  </div></main>
  <footer><p>Trade Guides Ltd. Privacy. Terms.</p></footer>
</body></html>`;

describe("a roundup's lists of shop links under each pick", () => {
  it('keeps them, since the guide goes on after each list', () => {
    const text = mainText(page);
    expect(text).toContain('Shop One (Kestrel)');
    expect(text).toContain('Shop Two (Holm & Sons)');
    expect(text).toContain('Shop Three (Brightline)');
    expect(text).toContain('the cheapest ones wear out within months');
  });

  it('still leaves out the list of links that closes the guide', () => {
    const text = mainText(page);
    expect(text).not.toMatch(/Ladders\s+Vans\s+Gloves/);
    expect(text).not.toContain('Privacy. Terms.');
  });
});
