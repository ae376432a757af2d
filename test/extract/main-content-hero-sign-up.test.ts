import { describe, expect, it } from 'vitest';
import { mainText } from './main-text.js';

describe('a landing page whose headline sits in a sign-up box', () => {
  const features = [
    [
      'Every ticket in one place',
      'Messages from email, chat and the phone land in one list, so nobody answers the same customer twice or misses a reply.',
    ],
    [
      'Answers that write themselves',
      'Suggested replies draw on your help articles, and every agent can edit them before they go out to the customer.',
    ],
    [
      'Reports your team will read',
      'See how long customers wait, which questions come back every week and where a help article would save time.',
    ],
  ];
  const html = `<html><body>
    <header><a href="/">Helpdesk</a> <a href="/pricing">Pricing</a> <a href="/login">Log in</a></header>
    <main>
      <section class="hero">
        <h1>Customer service that keeps up</h1>
        <p>Bring every conversation into one workspace and let your team answer faster from the first day.</p>
        <form action="/trial"><input type="email" name="email" placeholder="Work email"><button>Start your free trial</button></form>
      </section>
      ${features.map(([title, text]) => `<section class="feature"><h2>${title}</h2><p>${text}</p></section>`).join('')}
      <section class="cta"><h2>Get our monthly letter</h2><form action="/letter"><input type="email" name="email"><button>Subscribe</button></form><p>One email a month. Unsubscribe at any time.</p></section>
    </main>
    <footer><p>© Helpdesk Inc.</p></footer>
  </body></html>`;

  it('keeps the headline and its pitch with the rest of the page', () => {
    const text = mainText(html);
    expect(text).toContain('Bring every conversation into one workspace');
    for (const [, body] of features) expect(text).toContain(body);
  });

  it('still leaves the newsletter box out', () => {
    expect(mainText(html)).not.toContain('One email a month');
  });
});
