import { describe, expect, it } from 'vitest';
import { mainText } from './main-text.js';

const replies = [
  'I had the same trouble last winter: the pump only primes once the bleed screw is open a full turn, not the half turn the manual says.',
  'Check the filter bowl too. Mine had a hairline crack that let air in, and the boiler kept locking out until I replaced the whole housing.',
  'Thanks both, it was the bleed screw. One full turn, thirty seconds of pumping, and the boiler has been running since this morning.',
];

function threadPage(jsonLd: string): string {
  return `<html><head><title>Oil boiler will not prime - Heating forum</title>${jsonLd}</head><body>
    <header><a href="/">Heating forum</a> <a href="/latest">Latest</a> <a href="/login">Log in</a></header>
    <main>
      <article class="topic">
        <h1>Oil boiler will not prime</h1>
        <p>Since the tank was refilled on Friday our boiler starts, runs for a few seconds and locks out. I have reset it three times and bled the line at the pump, but it keeps failing the same way.</p>
        <p>The tank is about half full and the supply valve is open. Is there anything else I should check before I call out an engineer on a weekend?</p>
      </article>
      <div class="comments-area">
        <h2>3 Comments</h2>
        ${replies.map((text, i) => `<div class="comment" id="comment-${i}"><p class="comment-author">member${i}</p><p>${text}</p></div>`).join('')}
      </div>
    </main>
    <footer><p>© Heating forum</p></footer>
  </body></html>`;
}

const declared = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"DiscussionForumPosting","headline":"Oil boiler will not prime"}</script>`;

describe('a page that declares itself a discussion', () => {
  it('keeps the replies with the first post, though their boxes are named comments', () => {
    const text = mainText(threadPage(declared));
    expect(text).toContain('Since the tank was refilled on Friday');
    for (const reply of replies) expect(text).toContain(reply);
  });

  it('reads the same markup without the declaration as an article with comments below it', () => {
    const text = mainText(threadPage(''));
    expect(text).toContain('Since the tank was refilled on Friday');
    expect(text).not.toContain(replies[0]);
  });
});
