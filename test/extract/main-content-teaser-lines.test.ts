import { describe, expect, it } from 'vitest';
import { mainText } from './main-text.js';

const paragraphs = [
  'Small businesses that reconcile their accounts every week catch billing mistakes months before those who leave it to the end of the year.',
  'A free bookkeeping app covers invoices, receipts and bank feeds for most sole traders; the paid tiers add payroll and multi-currency accounts.',
  'Whatever you choose, keep receipts for at least six years, and store them somewhere that does not depend on one laptop surviving.',
  'If your turnover is near the registration threshold, ask an accountant before the year ends rather than after the first letter arrives.',
];

function page(teaser: string): string {
  return `<html><head><meta property="og:type" content="article"></head><body>
    <header><a href="/">Home</a> <a href="/money">Money</a></header>
    <main><article>
      <h1>Bookkeeping for a one-person business</h1>
      <div class="article-body">
        <p>${paragraphs[0]}</p><p>${paragraphs[1]}</p>
        ${teaser}
        <p>${paragraphs[2]}</p><p>${paragraphs[3]}</p>
      </div>
    </article></main>
    <footer><p>© Money Desk</p></footer>
  </body></html>`;
}

describe("another story's teaser line inside the story", () => {
  it('is left out when printed in brackets', () => {
    const text = mainText(
      page('<p>[Read more: <a href="/guide">A Guide to Small Business Accounting</a>]</p>'),
    );
    expect(text).not.toContain('A Guide to Small Business Accounting');
    for (const paragraph of paragraphs) expect(text).toContain(paragraph);
  });

  it('is left out when printed as a small heading', () => {
    const text = mainText(page('<h5>Related: <a href="/vat">When to Register for Sales Tax</a></h5>'));
    expect(text).not.toContain('When to Register for Sales Tax');
    expect(text).toContain(paragraphs[3]);
  });

  it("keeps the author's own aside in parentheses", () => {
    const text = mainText(page('<p>(Related reading: <a href="/tax">our tax calendar</a>.)</p>'));
    expect(text).toContain('our tax calendar');
  });
});
