import { describe, expect, it } from 'vitest';
import { mainText } from './main-text.js';

const paragraphs = [
  'After six weeks of testing on trails, roads and a very wet track, three pairs of running shoes stood out from the twenty we tried this spring.',
  'The lightest of them weighs under 200 grams and still gave our testers enough cushioning for a half marathon, though its grip on wet stone was poor.',
  'Affiliate programmes pay a blog a share of each sale, which is why so many shoe reviews end with a list of shop links rather than a verdict.',
  'Our pick for most runners is the middle pair: not the fastest, but the one every tester kept wearing after the test was over.',
];

function page(notice: string): string {
  return `<html><head><meta property="og:type" content="article"></head><body>
    <header><a href="/">Home</a> <a href="/gear">Gear</a></header>
    <main><article>
      <h1>The best running shoes of the spring</h1>
      <p><em>${notice}</em></p>
      ${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
    </article></main>
    <footer><p>© Trail Notes</p></footer>
  </body></html>`;
}

describe("a story's affiliate notice", () => {
  it('is left out, wherever the block sits in the story', () => {
    for (const notice of [
      'We may earn commission from links on this page, but we only recommend products we back.',
      'This post contains affiliate links. If you buy through them, it costs you nothing extra and helps keep the site running.',
    ]) {
      const text = mainText(page(notice));
      expect(text, notice).not.toContain(notice.slice(0, 30));
      for (const paragraph of paragraphs) expect(text, notice).toContain(paragraph);
    }
  });
});
