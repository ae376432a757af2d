import { describe, expect, it } from 'vitest';
import { mainText } from './main-text.js';

const posts = [
  'Our allotment committee wants to ban hosepipes from June. Does anyone have a rota for the shared water butts that actually works in a dry summer?',
  'We number the butts and give each plot two of them on fixed days. It sounds rigid, but the arguments stopped in the first week and never came back.',
  'Mulch first, rota second. A thick layer of straw halved what our beds needed last July, and nobody had to queue at the tap in the evenings.',
];

const thread = `<html><head><title>Water rota for a dry summer</title></head><body>
  <header><a href="/">Forum</a></header>
  <main><h1>Water rota for a dry summer</h1><div class="posts">
    ${posts
      .map(
        (
          post,
          i,
        ) => `<div class="post-row"><div><a href="/u/${i}">grower${i}</a></div>${i === 0 ? '<div>OP</div>' : ''}
      <div><span>wrote on</span> <a href="/p/${i}"><span class="timeago" title="2025-06-12"></span></a></div>
      <p>${post}</p></div>`,
      )
      .join('\n')}
  </div></main>
  <footer><p>© Allotment Forum</p></footer>
</body></html>`;

describe("a thread's poster labels", () => {
  it('leave "OP" and "wrote on" out and keep the posts', () => {
    const text = mainText(thread);
    expect(text).not.toMatch(/^OP$/m);
    expect(text).not.toContain('wrote on');
    for (const post of posts) expect(text).toContain(post);
  });
});
