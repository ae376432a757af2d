import { describe, expect, it } from 'vitest';
import { mainText } from './main-text.js';

const paragraphs = [
  'The council voted on Tuesday night to close the old harbour bridge to cars from next spring, after engineers found cracks in two of its five piers.',
  'Cyclists and walkers will keep a narrow lane while the repairs last, which the city expects to take at least eighteen months and cost about 40 million.',
  'Shop owners on the north bank said they feared losing the passing trade that the bridge has brought them for more than a century.',
  'The mayor promised a free shuttle boat between the two banks for as long as the works go on, starting on the first day of the closure.',
];

function page(head: string, figure: string): string {
  return `<html><head>${head}</head><body>
    <header><a href="/">Home</a> <a href="/news">News</a></header>
    <main><article>
      <h1>Harbour bridge to close to cars</h1>
      <p>${paragraphs[0]}</p>
      ${figure}
      ${paragraphs
        .slice(1)
        .map((p) => `<p>${p}</p>`)
        .join('\n')}
    </article></main>
    <footer><p>© City Gazette</p></footer>
  </body></html>`;
}

const photo =
  '<figure><img src="/bridge.jpg" alt=""><figcaption>Traffic on the harbour bridge at dusk on Monday. Jane Doe / City Gazette</figcaption></figure>';

describe("a story's picture captions", () => {
  it('are left out on a page declaring a story in JSON-LD', () => {
    const text = mainText(
      page(
        '<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"Harbour bridge to close to cars"}</script>',
        photo,
      ),
    );
    expect(text).not.toContain('Traffic on the harbour bridge at dusk');
    for (const paragraph of paragraphs) expect(text).toContain(paragraph);
  });

  it('are left out on a page declaring og:type article', () => {
    const text = mainText(page('<meta property="og:type" content="article">', photo));
    expect(text).not.toContain('Traffic on the harbour bridge at dusk');
    expect(text).toContain(paragraphs[3]);
  });

  it("stay on a page that declares no story (documentation's captioned listings are the text)", () => {
    const listing =
      '<figure><pre><code>let bridge = open();</code></pre><figcaption>Listing 3-1: Opening the bridge</figcaption></figure>';
    const text = mainText(page('', listing));
    expect(text).toContain('Listing 3-1: Opening the bridge');
  });
});
