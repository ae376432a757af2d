import { describe, expect, it } from 'vitest';
import { mainText } from './main-text.js';

const posts = [
  'Has anyone replaced the water pump on the 2012 diesel themselves? The garage quoted me four hours of labour and I would rather do it over a weekend.',
  'I did mine last spring. Budget a full day: the timing belt has to come off too, so replace it while you are in there and buy the kit with the tensioner.',
  'Seconding the kit. Also mark the cam and crank positions with paint before you touch anything, it saves a lot of guessing when it goes back together.',
];

function thread(prompt: string, collapse = ''): string {
  return `<html><head><title>Water pump on the 2012 diesel</title></head><body>
    <header><a href="/">Forums</a> <a href="/new">New posts</a></header>
    <main>
      <h1>Water pump on the 2012 diesel</h1>
      <div class="thread">
        ${posts
          .map(
            (
              post,
              i,
            ) => `<div class="message"><div class="message-user"><a href="/u/${i}">member${i}</a></div>
          <div class="message-body"><blockquote class="quote">${i > 0 ? `<div>${posts[i - 1]}</div><div class="quote-expand">${collapse}</div>` : ''}</blockquote><p>${post}</p></div></div>`,
          )
          .join('\n')}
        <div class="thread-end"><p>${prompt}</p></div>
      </div>
    </main>
    <footer><p>© Diesel Owners Club</p></footer>
  </body></html>`;
}

describe('what a thread shows a visitor instead of the reply box', () => {
  it('leaves a sign-in prompt out', () => {
    for (const prompt of [
      'Create an account or sign in to comment',
      'You need to be a member in order to leave a comment',
      'You must be logged in to post a comment.',
    ]) {
      const text = mainText(thread(prompt));
      expect(text, prompt).not.toContain(prompt);
      for (const post of posts) expect(text, prompt).toContain(post);
    }
  });

  it('leaves the control that collapses a quote out', () => {
    const text = mainText(thread('', 'Click to shrink...'));
    expect(text).not.toContain('Click to shrink');
    expect(text).toContain(posts[2]);
  });
});
