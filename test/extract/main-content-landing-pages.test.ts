import { describe, expect, it } from 'vitest';
import { mainText } from './main-text.js';

describe('a service landing page: short sections side by side under <body>', () => {
  const benefits = [
    [
      'Data-driven decisions',
      'Gain access to key insights that let you adjust your campaigns accurately and quickly.',
    ],
    [
      'Strategy optimisation',
      'Insights that help you find opportunities and the areas where spending can improve.',
    ],
    ['Real-time monitoring', 'Follow every campaign as it runs, so that adjustments come in time to matter.'],
  ];
  const faq = [
    [
      'Who is this for?',
      'Marketing teams, data analysts and digital leaders who want their strategy built on data, from small shops to large companies.',
    ],
    [
      'Does it work with our other tools?',
      'Yes: it complements search, paid media and conversion work, and reads the data those tools already collect for you.',
    ],
  ];
  const html = `<html><body>
    <header><a href="/">Agency</a> <a href="/solutions">Solutions</a> <a href="/contact">Contact</a></header>
    <div class="hero"><div class="col"><h1>Data analytics</h1>
      <h2>Boost your business with analytics that make your data simple to see and to act on, for better decisions.</h2></div></div>
    <div class="benefits"><h2>What are the benefits?</h2>${benefits
      .map(([title, text]) => `<div class="box"><h3>${title}</h3><p>${text}</p></div>`)
      .join('')}</div>
    <div class="results"><p>Our clients see a rise of half again in conversions within six months of the first dashboard going live, on average.</p></div>
    <div class="faq"><h2>Frequently asked questions</h2>${faq
      .map(
        ([q, a]) =>
          `<div class="accordion-card"><button>${q}</button><div class="collapse"><p>${a}</p></div></div>`,
      )
      .join('')}</div>
    <footer><p>Agency Ltd, 4 Harbour Road. Privacy. Cookies.</p></footer>
  </body></html>`;

  it('is every section, not the longest one', () => {
    const text = mainText(html);
    for (const [, benefit] of benefits) expect(text).toContain(benefit);
    for (const [, answer] of faq) expect(text).toContain(answer);
    expect(text).toContain('Our clients see a rise of half again');
  });

  it('leaves the header and the footer out', () => {
    const text = mainText(html);
    expect(text).not.toContain('Harbour Road');
    expect(text).not.toMatch(/Solutions\s+Contact/);
  });
});
