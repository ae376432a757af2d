import { describe, expect, it } from 'vitest';
import { mainText } from './main-text.js';

const posts = [
  {
    name: 'harbourlights',
    date: 'March 3, 2025, 9:14am',
    text: 'Our allotment shed floods every spring because the path slopes toward the door. Has anyone dug a soakaway by hand, and how deep did it need to be in heavy clay?',
  },
  {
    name: 'turnip_tom',
    date: 'March 3, 2025, 11:02am',
    text: 'I dug one about a metre deep and a metre across, filled with broken brick and topped with gravel. In clay it still fills up after long rain, so a French drain along the path did more for us.',
  },
  {
    name: 'MarrowMaven',
    date: 'March 4, 2025, 7:45pm',
    text: 'Second the French drain. Lay the pipe with the holes facing down, wrap it in membrane, and give it a fall of at least one in a hundred toward wherever the water can go.',
  },
];

const declared = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"DiscussionForumPosting","headline":"Soakaway in clay"}</script>`;

/** Discourse's page for readers without scripts: each post's header is a "meta" box. */
function metaHeaderThread(jsonLd: string, microdata = ''): string {
  return `<html><head><title>Soakaway in clay - Allotment forum</title>${jsonLd}</head><body>
    <header><a href="/">Allotment forum</a> <a href="/latest">Latest</a></header>
    <main ${microdata}><h1>Soakaway in clay</h1>
      ${posts
        .map(
          (post, i) => `<div class="topic-body crawler-post" id="post_${i + 1}">
        <div class="crawler-post-meta">
          <span class="creator"><a href="/u/${post.name}"><span>${post.name}</span></a></span>
          <span class="crawler-post-infos"><time datetime="2025-03-0${i + 3}T09:14:00Z">${post.date}</time>
          <span class="position">${i + 1}</span></span>
        </div>
        <div class="post"><p>${post.text}</p></div>
      </div>`,
        )
        .join('')}
    </main>
    <footer><p>© Allotment forum</p></footer>
  </body></html>`;
}

/** XenForo's layout: the poster's card beside the post, the date in the post's own header. */
function posterCardThread(): string {
  return `<html><head><title>Soakaway in clay - Allotment forum</title>${declared}</head><body>
    <main><h1>Soakaway in clay</h1>
      ${posts
        .map(
          (post, i) => `<article class="message message--post">
        <div class="message-inner">
          <div class="message-cell message-cell--user">
            <section class="message-user">
              <div class="message-avatar"><a href="/members/${post.name}.${i}/" class="avatar">${post.name[0]}</a></div>
              <h4 class="message-name"><a href="/members/${post.name}.${i}/" class="username">${post.name}</a></h4>
              <dl class="message-userExtras"><dt>Joined</dt><dd>Apr 2, 2019</dd><dt>Messages</dt><dd>1,20${i}</dd></dl>
            </section>
          </div>
          <div class="message-cell message-cell--main">
            <header class="message-attribution">
              <ul class="message-attribution-main"><li><a href="/posts/${i}/"><time datetime="2025-03-03">${post.date}</time></a></li></ul>
              <ul class="message-attribution-opposite"><li><a href="/posts/${i}/share">Share</a></li><li><a href="/posts/${i}/">#${i + 1}</a></li></ul>
            </header>
            <div class="message-content"><div class="bbWrapper"><p>${post.text}</p>
              <p>As <a href="/members/harbourlights.0/">harbourlights</a> said on <time>March 1</time>, clay is the trouble.</p></div></div>
          </div>
        </div>
      </article>`,
        )
        .join('')}
    </main>
  </body></html>`;
}

describe("a thread's posts under their posters' names and dates", () => {
  it("keeps each poster's name and the post's date from a header named as furniture", () => {
    const text = mainText(metaHeaderThread(declared));
    for (const post of posts) {
      expect(text).toContain(post.text);
      expect(text).toMatch(new RegExp(`${post.name}\\s+${post.date}`));
    }
    // The rest of the header (the post's position) stays out.
    expect(text).not.toMatch(/\d{2}(?:am|pm)\s+1\b/);
  });

  it("reads the declaration from the thread's microdata too", () => {
    const text = mainText(
      metaHeaderThread('', 'itemscope itemtype="http://schema.org/DiscussionForumPosting"'),
    );
    expect(text).toMatch(new RegExp(`${posts[1].name}\\s+${posts[1].date}`));
  });

  it('reads the bylines only on a page that declares a discussion', () => {
    const text = mainText(metaHeaderThread(''));
    expect(text).toContain(posts[0].text);
    expect(text).not.toContain(posts[0].date);
  });

  it("takes the name from the poster's card and leaves the card's figures, the picture and the post number out", () => {
    const text = mainText(posterCardThread());
    for (const post of posts) {
      expect(text).toContain(post.text);
      expect(text).toContain(post.name);
      expect(text).toContain(post.date);
    }
    expect(text).not.toContain('Messages');
    expect(text).not.toContain('Joined');
    expect(text).not.toMatch(/^\s*(?:- )?#\d+\s*$/m);
  });
});

/** Stack Exchange's layout: the declaration on <html>, each post signed by a card with the poster's standing. */
function questionPage(): string {
  const card = (
    name: string,
    id: number,
  ) => `<div class="user-info"><div class="user-action-time">answered Mar 3, 2025 at 9:14</div>
    <div class="user-details"><a href="/users/${id}/${name}">${name}</a>
      <div class="-flair"><span class="reputation-score">12.4k</span><span aria-hidden="true">●</span><span class="v-visible-sr">3 gold badges</span><span class="v-visible-sr">41 silver badges</span><span class="v-visible-sr">67 bronze badges</span></div>
    </div></div>`;
  return `<html itemscope itemtype="https://schema.org/QAPage"><head><title>Soakaway in clay - Gardening Stack Exchange</title></head><body>
    <div id="content"><h1>Soakaway in clay</h1>
      ${posts.map((post, i) => `<div class="answer"><div class="post-text"><p>${post.text}</p></div>${card(post.name, i + 100)}</div>`).join('')}
    </div>
  </body></html>`;
}

describe("a Q&A page's poster cards", () => {
  it("leave out the poster's name and standing", () => {
    const text = mainText(questionPage());
    for (const post of posts) expect(text).toContain(post.text);
    expect(text).not.toContain('badges');
    expect(text).not.toContain('turnip_tom');
  });
});

/** NodeBB's layout: a reply opens with a collapsed preview of the post it answers. */
function replyPreviewThread(): string {
  const parent = posts[0];
  return `<html><head><title>Soakaway in clay - Allotment forum</title>${declared}</head><body>
    <main><h1>Soakaway in clay</h1><ul class="posts">
      ${posts
        .map(
          (post, i) => `<li class="post" component="post">
        <div class="poster"><a href="/user/${post.name}">${post.name}</a></div>
        ${i > 0 ? `<div component="post/parent" class="line-clamp-1"><a href="/user/${parent.name}">${parent.name}</a><p>${parent.text}</p></div>` : ''}
        <div class="content"><p>${post.text}</p>${i === 2 ? `<blockquote><p>${posts[1].text}</p></blockquote><p>Quoting that because it is right.</p>` : ''}</div>
      </li>`,
        )
        .join('')}
    </ul></main>
  </body></html>`;
}

describe('a thread without furniture names around its posts', () => {
  it("prints each post once: a reply's preview of its parent goes, a quote stays", () => {
    const text = mainText(replyPreviewThread());
    expect(text.split(posts[0].text)).toHaveLength(2);
    expect(text.split(posts[1].text)).toHaveLength(3);
    expect(text).toContain(posts[2].text);
  });
});
