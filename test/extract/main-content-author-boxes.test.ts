import { describe, expect, it } from 'vitest';
import { mainText } from './main-text.js';

const paragraphs = [
  'The council voted on Tuesday night to close the old harbour bridge to cars from next spring, after engineers found cracks in two of its five piers.',
  'Cyclists and walkers will keep a narrow lane while the repairs last, which the city expects to take at least eighteen months and cost about 40 million.',
  'Shop owners on the north bank said they feared losing the passing trade that the bridge has brought them for more than a century.',
  'The mayor promised a free shuttle boat between the two banks for as long as the works go on, starting on the first day of the closure.',
];

const bio =
  'Jane Doe covers city hall and transport for the Gazette. Before joining the paper in 2015 she reported on local government for two regional dailies, and her series on the ferry contracts won a state press award. She studied civil engineering before turning to journalism, which is why bridges keep finding their way into her notebook.';

function page(boxClass: string): string {
  return `<html><head><meta property="og:type" content="article"></head><body>
    <header><a href="/">Home</a> <a href="/news">News</a></header>
    <main><article>
      <h1>Harbour bridge to close to cars</h1>
      <div class="story">${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}</div>
      <div class="${boxClass}">
        <img src="/jane.jpg" alt="Jane Doe">
        <div><strong>Jane Doe</strong><span>City hall reporter</span></div>
        <p>${bio}</p>
      </div>
    </article></main>
    <footer><p>© City Gazette</p></footer>
  </body></html>`;
}

describe("a box about the story's author", () => {
  it('is left out when its name says so, longer than small print', () => {
    for (const name of ['author-bio', 'author_detail_box', 'contributor-card']) {
      const text = mainText(page(name));
      expect(text, name).not.toContain('covers city hall and transport');
      for (const paragraph of paragraphs) expect(text, name).toContain(paragraph);
    }
  });

  it('stays when only one of the two words is in its name', () => {
    expect(mainText(page('bio-note'))).toContain('covers city hall and transport');
  });
});
