import { describe, expect, it } from 'vitest';
import { mainText } from './main-text.js';

const posts = [
  [
    'hollyfern',
    'Our allotment committee wants to ban hosepipes from June. Has anyone else had this, and did you manage to talk them round?',
  ],
  [
    'oakbeam',
    'We had the same rule proposed two years ago. A shared water butt on every third plot changed minds faster than any argument did.',
  ],
  [
    'runnerbean',
    'Drip lines on a timer use far less water than a hose. Show the committee a month of meter readings and they may listen.',
  ],
];

const html = `<html><body>
  <header><a href="/">Allotment forum</a> <a href="/whats-new">What's new</a></header>
  <main><h1>Hosepipe ban on our site</h1><div class="thread">${posts
    .map(
      ([name, text], i) => `<article class="message">
        <div class="message-user">
          <h4 class="message-name">${name}</h4>
          <h5 class="userTitle">Senior Member</h5>
          <div class="message-userExtras"><dl><dt>Joined</dt><dd>Oct 25, 2017</dd></dl><dl><dt>Messages</dt><dd>13,5${i}9</dd></dl><dl><dt>Location</dt><dd>Kent</dd></dl></div>
        </div>
        <div class="message-main">
          <time>Mar 27, 2025</time>
          <div class="message-body"><p>${text}</p></div>
          <div class="message-lastEdit">Last edited: Mar 28, 2025</div>
        </div>
      </article>`,
    )
    .join('')}</div></main>
  <footer><p>© Allotment forum</p></footer>
</body></html>`;

describe("a thread's poster cards", () => {
  it('keeps each post with its author and date', () => {
    const text = mainText(html);
    for (const [name, body] of posts) {
      expect(text).toContain(name);
      expect(text).toContain(body);
    }
    expect(text).toContain('Mar 27, 2025');
  });

  it("leaves out the poster's join date, post count, location, rank and the edit note", () => {
    const text = mainText(html);
    expect(text).not.toContain('Joined');
    expect(text).not.toContain('13,509');
    expect(text).not.toContain('Senior Member');
    expect(text).not.toContain('Last edited');
  });
});
