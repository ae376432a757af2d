import { describe, expect, it } from 'vitest';
import { mainText } from './main-text.js';

const paragraphs = [
  'Madeira has one of the most demanding runways in Europe, built out over the sea on columns, and pilots need a special qualification to land there.',
  'The viewing point above the runway fills up early on weekends; arrive before the first morning arrivals if you want a place at the railing.',
  'Bring a long lens and a jacket: the wind that makes the approach so hard also makes the terrace cold even on a sunny afternoon.',
  'Between flights, the cafe below the terrace serves the best custard tarts on the island, which is reason enough to stay for the evening arrivals.',
];

function page(line: string): string {
  return `<html><head><title>Plane spotting on Madeira</title></head><body>
    <header><a href="/">Home</a></header>
    <div id="content"><div class="post">
      <h1>Plane spotting on Madeira</h1>
      <p>${paragraphs[0]}</p><p>${paragraphs[1]}</p>
      <p class="stamp">${line}</p>
      <p>${paragraphs[2]}</p><p>${paragraphs[3]}</p>
    </div></div>
    <footer><p>© Two Travellers</p></footer>
  </body></html>`;
}

describe('a line saying when the page changed', () => {
  it('is left out', () => {
    for (const line of [
      'Last updated on September 16th, 2023 at 09:27 am',
      'This post was last updated July 2021.',
      'Reviewed on: 10/13/2025',
    ]) {
      const text = mainText(page(line));
      expect(text, line).not.toContain(line);
      for (const paragraph of paragraphs) expect(text, line).toContain(paragraph);
    }
  });

  it('is left out of a question and its answers, where it stamps each post', () => {
    const post = (stamp: string, body: string[]) =>
      `<div class="post"><div class="post-body">${body.map((text) => `<p>${text}</p>`).join('')}</div><div>${stamp}</div></div>`;
    const thread = `<html><head><title>Plane spotting on Madeira</title></head><body><main>
      <h1>Where is the best place to watch landings on Madeira?</h1>
      ${post('asked Mar 28, 2014 at 11:38', paragraphs.slice(0, 2))}
      <h2>2 Answers</h2>
      ${post('answered Oct 18, 2023 at 7:58', paragraphs.slice(2, 3))}
      ${post('edited Sep 5, 2025 at 23:18', paragraphs.slice(3))}
    </main></body></html>`;
    const text = mainText(thread);
    for (const paragraph of paragraphs) expect(text).toContain(paragraph);
    expect(text).not.toMatch(/asked Mar|answered Oct|edited Sep/);
  });

  it('keeps a sentence that starts with the same words', () => {
    for (const sentence of [
      'Updated in 2019, the terminal now has a second viewing deck.',
      'Asked in 2014 whether the runway could grow, the airport said no.',
    ]) {
      expect(mainText(page(sentence)), sentence).toContain(sentence);
    }
  });
});
