import { describe, expect, it } from 'vitest';
import { mainText } from './main-text.js';

const prose = (n: number) =>
  `<p>Paragraph ${n} of the industry report: the largest contractors grew again last year, led by data centres, grid upgrades and the factories that new subsidies brought to the region.</p>`;

const companies = [
  ['Northwire Electrical Services Inc.', '$7.7B'],
  ['Harbour Electric Construction Group', '$2.5B'],
  ['Meridian Power and Grid Holdings', '$2.4B'],
  ['Calder & Sons Electrical Contractors', '$1.6B'],
];

const rows = companies
  .map(
    ([name, revenue], i) =>
      `<tr><td><a href="https://company-${i}.example/">${name}</a></td><td>${revenue}</td></tr>`,
  )
  .join('');

describe('a table of data whose names link away', () => {
  it('is kept when its first row names the columns', () => {
    const html = `<html><body><main><article><h1>The largest electrical contractors</h1>
      ${prose(1)}${prose(2)}
      <table><thead><tr><th>Company</th><th>Revenue</th></tr></thead><tbody>${rows}</tbody></table>
      ${prose(3)}${prose(4)}
    </article></main></body></html>`;
    const text = mainText(html);
    expect(text).toContain('Meridian Power and Grid Holdings');
    expect(text).toContain('$1.6B');
    expect(text).toContain('Paragraph 4 of the industry report');
  });

  it('is still dropped as a grid of links when nothing names its columns', () => {
    const links = ['Hire a designer', 'Hire a writer', 'Hire an editor', 'Hire a translator']
      .map((label, i) => `<td><a href="/hire/${i}">${label}</a></td>`)
      .join('');
    const html = `<html><body><main><article><h1>The largest electrical contractors</h1>
      ${prose(1)}${prose(2)}${prose(3)}
      <table><tr>${links}</tr></table>
    </article></main></body></html>`;
    const text = mainText(html);
    expect(text).toContain('Paragraph 3 of the industry report');
    expect(text).not.toContain('Hire a translator');
  });
});
