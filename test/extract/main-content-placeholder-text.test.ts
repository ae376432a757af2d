import { describe, expect, it } from 'vitest';
import { mainText } from './main-text.js';

describe('a landing page that went live with template filler in some of its cards', () => {
  const filler =
    'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris.';
  const services = [
    [
      'Market data you can audit',
      'Every price we publish carries its source and the time it was taken, so your analysts can trace a figure back to the trade behind it.',
    ],
    [
      'Research written by sector teams',
      'Our analysts cover energy, metals and agriculture, and each report is reviewed by a second team before it reaches subscribers.',
    ],
  ];
  const html = `<html><body>
    <header><a href="/">Insight Co</a> <a href="/contact">Contact</a></header>
    <main>
      <h1>Data and research for commodity markets</h1>
      <p class="body-text-18">We help trading desks and producers see where prices are heading, with data that is checked twice and research that explains it.</p>
      ${services.map(([title, text]) => `<section class="card"><h2>${title}</h2><p class="body-text-16">${text}</p></section>`).join('')}
      <section class="card"><h3>Head Line 1</h3><p class="body-text-16">${filler}</p>
        <ul class="body-text-16"><li>Lorem ipsum 1</li><li>Lorem ipsum 2</li></ul></section>
      <section class="card"><h3>Head Line 2</h3><p class="body-text-16">${filler}</p></section>
    </main>
    <footer><p>© Insight Co</p></footer>
  </body></html>`;

  it('leaves the filler out', () => {
    const text = mainText(html);
    expect(text).not.toContain('consectetur adipiscing');
    expect(text).not.toContain('Lorem ipsum 1');
  });

  it('keeps the cards someone wrote', () => {
    const text = mainText(html);
    expect(text).toContain('We help trading desks and producers');
    for (const [, body] of services) expect(text).toContain(body);
  });
});
