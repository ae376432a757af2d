import { describe, expect, it } from 'vitest';
import { PageDocument } from '../../lib/extract/index.js';
import { wallFixture } from '../fixtures/walls/load-wall-fixture.js';

function mainText(html: string, url = 'https://site.example/page'): string {
  return PageDocument.parse(html, url).text({ onlyMainContent: true });
}

describe('main content of a forum thread served inside <noscript>', () => {
  const page = wallFixture('normal/forum-thread-in-noscript');
  const text = mainText(page.body, page.finalUrl);

  it('is every post of the thread, first to last', () => {
    expect(text).toContain('I replaced the thermostat in my 1998 van');
    expect(text).toContain('Did you bleed the cooling system afterwards?');
    expect(text).toContain('Update: it was both.');
  });

  it('leaves the footer links and the no-script notice out', () => {
    expect(text).not.toContain('Terms of Service');
    expect(text).not.toContain('best viewed with JavaScript');
  });

  it('still ignores a short notice in <noscript> on a normal page', () => {
    const article = `<html><body><noscript>Please enable JavaScript for the comments.</noscript><article>${'<p>The bridge reopened on Monday after three months of repairs, and traffic returned to normal by noon.</p>'.repeat(4)}</article></body></html>`;
    const main = mainText(article);
    expect(main).toContain('The bridge reopened on Monday');
    expect(main).not.toContain('enable JavaScript');
  });
});
