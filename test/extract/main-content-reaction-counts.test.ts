import { describe, expect, it } from 'vitest';
import { mainText } from './main-text.js';

const posts = [
  'Since the last update my thermostat integration drops offline every night around three and only comes back after a restart of the whole server.',
  'Same here. It started with the new release; rolling back the integration to the previous version fixed it for me until they ship a patch.',
  'There is a patch in the beta channel already. Switch to beta, update the integration only, and switch back once the stable release has it.',
];

const thread = `<html><head><title>Thermostat drops offline</title></head><body>
  <header><a href="/">Community</a> <a href="/latest">Latest</a></header>
  <main><h1>Thermostat drops offline</h1><div class="topic">
    ${posts
      .map(
        (post, i) => `<div class="topic-post"><div class="names"><a href="/u/${i}">user${i}</a></div>
      <div class="cooked"><p>${post}</p></div><div class="post-controls"><div>${i + 1} Like${i ? 's' : ''}</div></div></div>`,
      )
      .join('\n')}
  </div></main>
  <footer><p>Powered by a forum engine</p></footer>
</body></html>`;

describe("a post's reaction count", () => {
  it('is left out of the thread', () => {
    const text = mainText(thread);
    expect(text).not.toMatch(/^\d+ Likes?$/m);
    for (const post of posts) expect(text).toContain(post);
  });
});

describe("a blog post's comment count and reply prompt", () => {
  const body = [
    'We spent the long weekend rebuilding the garden wall that the winter storms had pushed over, stone by stone, without a drop of mortar.',
    'The trick with a dry-stone wall is the batter: each course leans in a little, so the weight of the wall holds it together instead of pushing it out.',
    'It took three days and one bruised thumb, and the robins were inspecting the new gaps before we had even packed the tools away.',
  ];
  const post = `<html><head><title>Rebuilding the wall</title></head><body>
    <header><a href="/">Home</a></header>
    <div id="content"><div class="post">
      <h1>Rebuilding the wall</h1>
      <p>12 Comments</p><p>Leave a reply</p>
      ${body.map((p) => `<p>${p}</p>`).join('\n')}
    </div></div>
    <footer><p>© A Garden Diary</p></footer>
  </body></html>`;

  it('are left out', () => {
    const text = mainText(post);
    expect(text).not.toContain('12 Comments');
    expect(text).not.toContain('Leave a reply');
    for (const paragraph of body) expect(text).toContain(paragraph);
  });
});
