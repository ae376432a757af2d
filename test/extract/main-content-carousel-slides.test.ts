import { describe, expect, it } from 'vitest';
import { mainText } from './main-text.js';

describe('a landing page whose testimonials turn in a carousel', () => {
  const quotes = [
    [
      'Our schedules now write themselves from last month’s ticket volume, and nobody rebuilds them by hand on Fridays.',
      'Head of Support, a utilities company',
    ],
    [
      'We cut staffing costs by half while answering customers faster in every channel we run.',
      'Director of Care, a pharmacy group',
    ],
    [
      'The assistant answers the simple questions, so our people spend their day on the hard ones.',
      'Contact Centre Lead, a retailer',
    ],
  ];
  const slide = ([quote, who]: string[], attrs: string) =>
    `<div class="slick-slide${attrs}"><blockquote><p>${quote}</p></blockquote><p>${who}</p></div>`;
  const html = `<html><body>
    <header><a href="/">Helpdesk</a> <a href="/pricing">Pricing</a></header>
    <main>
      <h1>Workforce management for support teams</h1>
      <p>Forecast how many agents each hour needs, build the schedule from that forecast and see during the day where the plan and the queue part ways.</p>
      <p>Everything runs in the same workspace as your tickets, so the forecast learns from the work your team already does.</p>
      <div class="slick-track">
        ${slide(quotes[2], ' slick-cloned" aria-hidden="true')}
        ${slide(quotes[0], ' slick-current slick-active')}
        ${slide(quotes[1], '" aria-hidden="true')}
        ${slide(quotes[2], '" aria-hidden="true')}
        ${slide(quotes[0], ' slick-cloned" aria-hidden="true')}
      </div>
      <ul class="logos"><li>Acme Energy</li><li>Northwind Pharmacy</li><li>Contoso Retail</li></ul>
      <ul class="logos" aria-hidden="true"><li>Acme Energy</li><li>Northwind Pharmacy</li><li>Contoso Retail</li></ul>
    </main>
    <footer><p>© Helpdesk Inc.</p></footer>
  </body></html>`;

  it('keeps every slide, the ones out of view too', () => {
    const text = mainText(html);
    for (const [quote, who] of quotes) {
      expect(text).toContain(quote);
      expect(text).toContain(who);
    }
  });

  it('gives each slide once, without the loop copies or a marquee printed twice', () => {
    const text = mainText(html);
    for (const [quote] of quotes) expect(text.split(quote).length - 1).toBe(1);
    expect(text.split('Northwind Pharmacy').length - 1).toBe(1);
  });
});
