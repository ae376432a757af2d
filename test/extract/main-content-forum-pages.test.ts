import { describe, expect, it } from 'vitest';
import { mainText } from './main-text.js';

describe('a Q&A page closing on a long answer form', () => {
  const answers = [
    'Many low-cost airlines sell one-way tickets at half the return fare, so two singles often cost less than one return, especially inside Europe.',
    'Read the fare conditions carefully: some carriers charge the full single fare if you skip the return flight, and that clause is easy to miss.',
    'I bought the cheapest single with two stops and booked the way home only when I knew my dates; it saved a lot over a flexible return.',
  ];
  const terms =
    'By clicking Post Your Answer, you agree to our terms of service and acknowledge that you have read and understand our privacy policy and code of conduct. Answers are licensed to the site under the contributor licence and may be edited by others; keep them on topic, cite your sources, and avoid answers that are only a link. Questions and answers may be shown to readers of partner sites and in search results, and you can delete your answer at any time from your profile; answers that repeat another answer, thank the asker or ask a new question are removed by moderators, and repeated removals may limit your account for a week.';
  const html = `<html><body>
    <header><a href="/">Travel Q&amp;A</a> <a href="/questions">Questions</a></header>
    <div id="mainbar" role="main">
      <h1>Are one-way tickets ever cheaper than returns?</h1>
      <div class="question"><p>I am moving abroad for a year and need to fly out now and back at a date I do not know yet. What is the cheapest way to book?</p></div>
      <div id="answers">${answers.map((a) => `<div class="answer"><div class="answer-text"><p>${a}</p></div><div class="user">answered Mar 28 by a traveller</div></div>`).join('')}
        <form id="post-form" action="/questions/42/answer/submit">
          <h2>Your Answer</h2>
          <textarea name="post-text" rows="15"></textarea>
          <div class="terms">${terms
            .split('; ')
            .map((part) => `<p>${part}.</p>`)
            .join('')}</div>
          <button type="submit">Post Your Answer</button>
        </form>
      </div>
    </div>
    <footer><p>Site design © Travel Q&amp;A. Contributions licensed under CC BY-SA.</p></footer>
  </body></html>`;

  it('is the question and every answer', () => {
    const text = mainText(html);
    expect(text).toContain('I am moving abroad for a year');
    for (const answer of answers) expect(text).toContain(answer);
  });

  it('leaves the answer form and its terms out, however long they run', () => {
    const text = mainText(html);
    expect(text).not.toContain('By clicking Post Your Answer');
    expect(text).not.toContain('Contributions licensed');
  });
});

describe('a forum thread whose every post carries the body microdata', () => {
  const posts = [
    'Since the last update every video plays with an automatic dub in my language, and I cannot find a switch to keep the original audio track. I tried the language settings of the browser, the settings of my account and the settings of the player itself, and none of them mentions dubbing at all. The dub is often wrong, too: names are translated, jokes make no sense, and the voice does not match the speaker. Is there a way to turn this off for good, or at least to make the original track the default for channels I follow?',
    'Same here on two laptops. It started on Tuesday; clearing the cache did not help, and the audio menu only lists the dubbed track for most videos.',
    'A workaround until it is fixed: open the video settings, choose Audio track, pick the one marked original, and the choice sticks for the session.',
  ];
  const html = `<html><body>
    <header><a href="/">Community</a> <a href="/latest">Latest</a> <a href="/top">Top</a></header>
    <div id="main-outlet" role="main">
      <h1>Videos play auto-dubbed</h1>
      <div class="posts">${posts
        .map(
          (post, i) => `<div id="post_${i + 1}" class="topic-body crawler-post">
          <div class="crawler-post-meta"><span class="creator">user${i + 1}</span> <time>March ${i + 3}</time></div>
          <div class="post" itemprop="text"><p>${post}</p></div>
          <div class="crawler-post-infos"><span>${i + 2} Likes</span></div>
        </div>`,
        )
        .join('\n')}</div>
    </div>
    <footer><p>Powered by a forum engine. Terms of service. Privacy.</p></footer>
  </body></html>`;

  it('is every post, not the first alone', () => {
    const text = mainText(html, 'https://community.example/t/videos-auto-dubbed/612');
    for (const post of posts) expect(text).toContain(post);
    expect(text).not.toContain('Terms of service');
  });
});

describe('a discussion whose every comment sits in a form with nothing to fill', () => {
  const comments = [
    'Welcome to the discussion. Personal anecdotes are allowed as replies to this comment; elsewhere they will be removed.',
    'The mice study is promising, but hair follicles grown in a dish are a long way from a treatment anyone can buy.',
    'The missing link they found is a supporting cell type, which explains why earlier attempts grew follicles that never made hair.',
    'Ten years ago the same lab said five years. I will believe it when my barber has something to cut.',
  ];
  const html = `<html><body>
    <div class="header"><a href="/">Board</a> <a href="/r/science">science</a></div>
    <div class="content" role="main">
      <p class="title"><a href="https://journal.example/paper">Hair follicles grown in the lab for the first time</a></p>
      <div class="commentarea">${comments
        .map(
          (
            comment,
            i,
          ) => `<div class="thing comment"><p class="tagline"><a href="/u/${i}">user${i}</a> 17 hours ago</p>
          <form action="#" class="usertext" id="form-${i}"><input type="hidden" name="thing_id" value="t${i}">
            <div class="usertext-body"><div class="md"><p>${comment}</p></div></div></form>
          <ul class="buttons"><li><a href="/c/${i}">permalink</a></li><li><button>reply</button></li></ul></div>`,
        )
        .join('')}</div>
    </div>
    <div class="footer"><p>Use of this site constitutes acceptance of our User Agreement and Privacy Policy.</p></div>
  </body></html>`;

  it('keeps every comment', () => {
    const text = mainText(html, 'https://board.example/r/science/comments/1/hair');
    for (const comment of comments) expect(text).toContain(comment);
  });
});

describe('a forum thread whose replies quote earlier posts behind a collapse control', () => {
  const posts = [
    'We meet every Thursday at the old boathouse; new rowers are welcome and the club lends boats for the first three sessions.',
    'Is there a minimum age? My son is fourteen and has only rowed on holiday, but he is keen to learn properly this season.',
    'Juniors from twelve are welcome with a parent on the first evening; the coach runs a separate beginners crew at six.',
  ];
  const html = `<html><body>
    <header><a href="/forums">Forums</a> <a href="/login">Log in</a></header>
    <main><h1>Joining the Thursday crew</h1>
      <article class="message"><div class="message-body"><p>${posts[0]}</p></div></article>
      <article class="message"><div class="message-body">
        <blockquote class="bbCodeBlock--quote"><div class="quote-content"><p>${posts[0]}</p></div>
          <div class="quote-expand"><span>Click to expand...</span></div></blockquote>
        <p>${posts[1]}</p></div></article>
      <article class="message"><div class="message-body">
        <blockquote class="bbCodeBlock--quote"><div class="quote-content"><p>${posts[1]}</p></div>
          <div class="quote-expand"><span>Click to expand...</span></div></blockquote>
        <p>${posts[2]}</p>
        <div class="more-toggle"><span>Show more</span></div></div></article>
    </main>
    <footer><p>Rowing club forum. Terms and rules.</p></footer>
  </body></html>`;

  it('keeps every post and quote, not the collapse controls', () => {
    const text = mainText(html, 'https://rowing.example/threads/thursday-crew.123/');
    for (const post of posts) expect(text).toContain(post);
    expect(text).not.toMatch(/click to expand/i);
    expect(text).not.toMatch(/show more/i);
  });
});

describe('a thread of posts, each an <article> headed by its author linked name', () => {
  const long = (opening: string) =>
    `${opening} Samples let me wear a scent for a week before deciding, decants cost a fraction of a bottle, and a swap meet twice a year clears what I no longer reach for. I keep a notebook of what I wore and when, which shows quickly which bottles earn their shelf space and which were bought on a whim after one good afternoon.`;
  const posts = [
    [
      'Pippin',
      long('Do you plan a monthly budget for the hobby this year? I will mostly buy samples and decants.'),
    ],
    [
      'Oud Dude',
      'I did not spend a penny last year and intend to keep it that way; I have a trove of samples I have never touched.',
    ],
    [
      'Tea Lilly',
      long('I am making a list of the things I have wanted for a while and will focus on those.'),
    ],
    [
      'Ken',
      'No budget as such, but a few favourites within what I can afford, and the rest postponed until the budget allows.',
    ],
    [
      'Varanis',
      'I have been buying cheap old console games instead this winter; five dollars beats four hundred any day of the week.',
    ],
    ['Sakecat', long('When I came back to the hobby I focused on samples and minis first.')],
    ['Colbourne', long('My limit is one full bottle a quarter, and only one I have sampled twice.')],
  ];
  const html = `<html><body>
    <header><a href="/forums">Forums</a> <a href="/whats-new">What's new</a></header>
    <div class="p-body"><div class="p-body-main">
      <h1>Budget or limit for this year?</h1>
      <div class="block block--messages"><div class="block-container">${posts
        .map(
          ([author, text], i) =>
            `<article class="message message--post" data-author="${author}"><div class="message-inner">
              <div class="message-user"><h4 class="message-name"><a href="/members/${i}/">${author}</a></h4></div>
              <div class="message-main"><div class="message-date">Dec 30</div><article class="message-body"><div class="bbWrapper">${text}</div></article></div>
            </div></article>`,
        )
        .join('')}</div></div>
    </div><div class="p-extra"><h3>Who is here</h3><p>1,204 members and 3,561 guests are reading the forum right now.</p></div></div>
    <footer><p>Forum software. Terms and rules.</p></footer>
  </body></html>`;

  it('is the thread: the short posts beside the long ones, not the page around it', () => {
    const text = mainText(html, 'https://scents.example/threads/budget-or-limit.123/');
    for (const [, post] of posts) expect(text).toContain(post);
    expect(text).not.toContain('guests are reading');
  });
});
