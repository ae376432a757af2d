import { describe, expect, it } from 'vitest';
import { mainText } from './main-text.js';

const paragraphs = [
  'Waterfall plans a project as a series of phases, each finished and signed off before the next one starts, from requirements to maintenance.',
  'It suits work whose requirements are fixed and well understood at the start, such as a regulated system rebuilt to an existing specification.',
  'Its weakness is late feedback: users see working software only near the end, when a misunderstood requirement is most expensive to change.',
  'Many teams now run a hybrid, keeping the up-front requirements phase and delivering the build itself in short iterations with regular demos.',
  'Documentation carries more weight in waterfall than in agile methods, because each phase hands its results to a different group of people.',
  'Estimating is easier on paper, since the whole scope is known early, but the estimate is only as good as the requirements it rests on.',
  'Testing comes late, as its own phase, so defects found there are fixed under schedule pressure and sometimes pushed into maintenance.',
  'For a small team with a changing product, those costs usually outweigh the predictability that made the model popular in the first place.',
];

const pitch = `<div class="banner"><h3>Planning your next project?</h3>
  <p>Our delivery team helps startups choose a method and staff it with experienced engineers.</p>
  <a class="banner-link" href="/contact">Tell us about your project</a></div>`;

function page(insert: string): string {
  return `<html><head><meta property="og:type" content="article"></head><body>
    <header><a href="/">Home</a> <a href="/blog">Blog</a></header>
    <main><article>
      <h1>The waterfall model explained</h1>
      <div class="article-body">
        <p>${paragraphs[0]}</p><p>${paragraphs[1]}</p>
        ${insert}
        ${paragraphs
          .slice(2)
          .map((p) => `<p>${p}</p>`)
          .join('\n')}
      </div>
    </article></main>
    <footer><p>© Startup Notes</p></footer>
  </body></html>`;
}

describe('a promotion dropped into a story', () => {
  it('is left out: a short box of a pitch closed by its button', () => {
    const text = mainText(page(pitch));
    expect(text).not.toContain('Our delivery team helps startups');
    for (const paragraph of paragraphs) expect(text).toContain(paragraph);
  });

  it('keeps a box whose link is not a call to act', () => {
    const box = pitch.replace('Tell us about your project', 'The 1970 paper that named the model');
    expect(mainText(page(box))).toContain('Our delivery team helps startups');
  });
});
