import { describe, expect, it } from 'vitest';
import { mainText } from './main-text.js';

const paragraphs = [
  'The two networks will sell their streaming services together from September, at a price below what the two cost separately today.',
  'Subscribers who already pay for one of them can add the other from their account page, and the discount applies from the next bill.',
  'Analysts expect more bundles before the football season, as services that lost subscribers last year look for ways to keep the ones they have.',
];

const page = `<html><head><meta property="og:type" content="article"></head><body>
  <header><a href="/">Home</a></header>
  <main><article>
    <h1>Two streaming services will be sold as a bundle</h1>
    <p>${paragraphs[0]}</p><p>${paragraphs[1]}</p>
    <div class="callout"><h3>Get the latest in streaming</h3><div id="signup-root"></div>
      <p>By signing up, you agree to our Privacy Policy and Terms and Conditions.</p></div>
    <p>${paragraphs[2]}</p>
  </article></main>
  <footer><p>© Stream Desk</p></footer>
</body></html>`;

describe("a sign-up box's consent line", () => {
  it('is left out where the form is drawn by a script', () => {
    const text = mainText(page);
    expect(text).not.toContain('By signing up, you agree');
    for (const paragraph of paragraphs) expect(text).toContain(paragraph);
  });
});
