import { describe, expect, it } from 'vitest';
import { PageDocument } from '../../lib/extract/index.js';

function mainContent(html: string, url = 'https://news.example/science/') {
  const doc = PageDocument.parse(html, url);
  return { text: doc.text({ onlyMainContent: true }), method: doc.mainContent.method };
}

describe('a section front: teasers in the page’s <main>, no article', () => {
  const stories = [
    [
      'Teen sleep is getting worse',
      'A twenty-year study of high schoolers finds fewer of them sleep eight hours',
    ],
    ['Reviving the woolly mammoth', 'A biotech company says it has bred mice with mammoth-like fur'],
    ['The quiet return of the otter', 'Rivers cleaned in the 1990s now hold breeding pairs again'],
    ['Why bridges hum in the wind', 'Engineers explain the vortices that make cables sing'],
    ['A comet you can see tonight', 'Look west after sunset, just above the horizon, with binoculars'],
    ['Coral that survived the heatwave', 'Divers found colonies that bleached and then recovered'],
  ];
  const html = `<html><body>
    <header><nav><a href="/">Home</a> <a href="/news">News</a> <a href="/science">Science</a></nav></header>
    <main>
      <h1>Science</h1>
      <section class="stories">
        ${stories
          .map(
            ([
              headline,
              summary,
            ]) => `<article class="item"><h3><a href="/story/${headline.length}">${headline}</a></h3>
          <p class="teaser"><a href="/story/${headline.length}">${summary}.</a></p><time>March 6</time></article>`,
          )
          .join('\n')}
      </section>
      <div class="plus-box"><h4>Give a little. Get a lot.</h4>
        <p>Support mission-driven journalism while getting something great in return, with bonus content, early access and sponsor-free listening.</p></div>
    </main>
    <footer><p>Public Radio, 1111 North Capitol Street. Terms of use. Privacy policy.</p></footer>
  </body></html>`;

  it('is the listing the page marks as its main content, not the one prose box in it', () => {
    const { text, method } = mainContent(html);
    expect(method).toBe('landmark');
    for (const [headline, summary] of stories) {
      expect(text).toContain(headline);
      expect(text).toContain(summary);
    }
  });

  it('leaves the site navigation and the footer out', () => {
    const { text } = mainContent(html);
    expect(text).not.toContain('Terms of use');
    expect(text).not.toMatch(/Home\s+News/);
  });

  it('still answers an article inside <main> with the article alone', () => {
    const article = `<html><body><main>
      <article><h1>The bridge reopens</h1>${'<p>The bridge reopened on Monday after three months of repairs, and traffic returned to normal by noon, the city said.</p>'.repeat(6)}</article>
      <section><h2>More news</h2><ul>${stories.map(([headline]) => `<li><a href="/s">${headline}</a></li>`).join('')}</ul></section>
    </main></body></html>`;
    const { text, method } = mainContent(article);
    expect(method).not.toBe('landmark');
    expect(text).toContain('The bridge reopened on Monday');
    expect(text).not.toContain('Coral that survived');
  });
});
