import { describe, expect, it } from 'vitest';
import { PageDocument } from '../../lib/extract/index.js';
import { wallFixture } from '../fixtures/walls/load-wall-fixture.js';
import { mainText } from './main-text.js';

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

describe('a listicle whose items sit in wrappers named like furniture', () => {
  const items = [
    'Harbour walk',
    'Old town market',
    'Lighthouse climb',
    'Island ferry',
    'Cliff path picnic',
    'Night food hall',
  ];
  const html = `<html><body>
    <nav><a href="/">Home</a> <a href="/guides">Guides</a> <a href="/about">About</a></nav>
    <main><h1>Six things to do in a harbour town</h1>
      <p>A weekend by the sea is short, so here is what we would pick again, in the order we did it, with what each costs.</p>
      <p>We travelled in early spring, outside the busy season, with two children and no car; every place below is a short walk or a bus ride from the station, and none of them needs booking ahead.</p>
      ${items
        .map(
          (item, i) => `<div class="widget-wrapper"><div class="widget-area">
        <h2>${i + 1}. ${item}</h2>
        <p>${item} is worth an afternoon: go early, before the coaches arrive, and take the long way round by the water, which is quieter and has the better view of the bay.</p>
        <p>Tickets, where needed, cost a few euros at the door, and children under twelve go free on weekdays outside the summer holidays.</p>
      </div></div>`,
        )
        .join('\n<div class="ad-slot" data-slot="inline"></div>\n')}
    </main>
    <aside class="sidebar"><h3>Popular</h3><ul><li><a href="/a">Ten beaches</a></li><li><a href="/b">Rainy days</a></li></ul></aside>
    <footer><p>Harbour Guides, 12 Quay Street. All rights reserved.</p></footer>
  </body></html>`;

  it('keeps every item, not only the introduction', () => {
    const doc = PageDocument.parse(html, 'https://guides.example/harbour-town');
    const text = doc.text({ onlyMainContent: true });
    expect(text).toContain('here is what we would pick again');
    for (const item of items) expect(text).toContain(`${item} is worth an afternoon`);
    expect(text).not.toContain('All rights reserved');
    expect(text).not.toContain('Ten beaches');
  });
});

describe('the fallback reading never ends on a cookie or consent notice', () => {
  const notice =
    '<p>We and our 214 partners use cookies and similar technologies to store and access information on your device, to measure audiences, to personalise advertising and content, and to develop and improve our products.</p>';
  const html = `<html><body>
    <div id="cmp" class="cookie-consent-banner">${notice.repeat(3)}<button>Accept all</button><button>Manage choices</button></div>
    <div class="widget-box">
      <h1>Council approves the new tram line</h1>
      <p>The city council approved the eastern tram extension on Thursday, after two years of consultation with residents and shop owners along the route.</p>
      <p>Construction starts in the autumn and the first trams are expected to run in three years, the transport office said, with a stop every five hundred metres.</p>
    </div>
  </body></html>`;

  it('reads the article, not the notice, when the names hid the article', () => {
    const doc = PageDocument.parse(html, 'https://news.example/tram');
    const text = doc.text({ onlyMainContent: true });
    expect(text).toContain('approved the eastern tram extension');
    expect(text).not.toContain('partners use cookies');
  });
});

describe('a question-and-answer thread: every post is the content', () => {
  const post = (id: string, paragraphs: string[]) =>
    `<div id="${id}" class="post"><div class="votes"><span>12</span></div><div class="post-cell"><div class="post-body" itemprop="text">${paragraphs
      .map((p) => `<p>${p}</p>`)
      .join(
        '',
      )}</div><div class="post-signature"><a href="/users/${id}">${id}</a> answered Mar 3</div></div></div>`;
  const html = `<html><body>
    <header><a href="/">Cooks Q&amp;A</a> <a href="/questions">Questions</a> <a href="/tags">Tags</a></header>
    <div id="content"><div id="mainbar">
      <h1>How far ahead can I prepare a risotto for a dinner party?</h1>
      ${post('question', ['I am cooking for twelve on Saturday and would like to spend the evening with my guests rather than stirring. Can a risotto be started in the afternoon and finished later?'])}
      <div id="answers"><h2>3 Answers</h2>
      ${post('answer-1', [
        'Yes: restaurants do exactly this. Cook the rice to about two thirds, with the onion, the wine and most of the stock, then spread it thin on a tray so it stops cooking, and chill it.',
        'At service, put a portion back in the pan with hot stock, stir for five or six minutes, then finish with butter, cheese and whatever the risotto is about, mushrooms, peas or squash.',
        'It will not be quite as creamy as one made start to finish, but at a party, with good stock, nobody will notice, and you will have your evening back.',
        'What you need: rice, onion, butter, wine, stock, parmesan, salt, pepper, a wide pan, a tray, cling film, a ladle, a spoon, a timer, and patience.',
      ])}
      ${post('answer-2', [
        'Par-cooking works but keep the tray shallow. A deep container keeps the middle warm for an hour.',
        'The rice then goes soft and sticky before it cools down in the fridge overnight or even by evening.',
        'Spread it no thicker than a finger and put the tray on a rack so that cold air reaches it from below.',
        'Cover it only once it is cold or the steam drips back onto the rice and makes the top layer wet again.',
        'Keep back a litre of good hot stock for the evening since the chilled rice drinks more than you expect.',
        'Warm the plates in a low oven because a par-cooked risotto loses its heat faster than a fresh one does.',
        'Taste it again just before serving since chilled rice seems to need more salt than it did in the afternoon.',
      ])}
      ${post('answer-3', [
        'Alternatively serve a baked risotto. It goes in the oven covered for twenty-five minutes.',
        'It needs no stirring at all and holds its texture for a while after it comes out of the oven.',
        'Stir in the butter and the cheese at the table so your guests see the last step being done for them.',
        'We do this every year for the family dinner at new year and nobody has ever asked for the stirred kind.',
        'Use a wide shallow dish so the top browns a little and the middle cooks through in the same time.',
        'Leftovers make very good fried rice balls the next day if you roll them around a cube of mozzarella.',
        'For twelve people use two dishes rather than one big one so that the middle does not stay underdone.',
      ])}
      </div>
    </div>
    <div id="sidebar"><h3>Related</h3><ul><li><a href="/q/1">Freezing cooked rice</a></li><li><a href="/q/2">Best rice for paella</a></li></ul></div></div>
    <footer><a href="/about">About</a> <a href="/legal">Legal</a></footer>
  </body></html>`;

  it('keeps the question and all three answers, not only the longest answer', () => {
    const text = mainText(html, 'https://cooks.example/q/42');
    expect(text).toContain('I am cooking for twelve on Saturday');
    expect(text).toContain('restaurants do exactly this');
    expect(text).toContain('keep the tray shallow');
    expect(text).toContain('serve a baked risotto');
    expect(text).toContain('nobody has ever asked for the stirred kind');
    expect(text).not.toContain('Freezing cooked rice');
  });
});

describe('a forum thread whose JSON-LD declares only the opening post', () => {
  const opening =
    'Our allotment committee wants to replace the old shed with a container for tools. The shed is forty years old, the roof leaks, and the door no longer locks, so the mowers and strimmers have started to disappear. ' +
    'A second-hand container costs about the same as a new wooden shed and should last far longer. Has anyone done this on a council site, and did the council ask for planning permission? ' +
    'We would also like to hear how you got it delivered, since our gate is narrow and the track floods in winter, and whether the neighbours objected to the look of it.';
  const replies = [
    'We put a twenty-foot container on our site two years ago. The council treated it as a temporary structure, so no permission was needed, but we had to paint it green.',
    'Check the lease first: ours forbids anything without foundations near the boundary hedge, and the landlord made us move it three metres.',
    'Line the inside with plywood, or condensation will rust the tools within one winter. A couple of vents at the top help a lot.',
  ];
  const jsonLd = JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'DiscussionForumPosting',
    headline: 'Shipping container instead of a shed?',
    articleBody: opening,
    author: { '@type': 'Person', name: 'plot42' },
  });
  const html = `<html><head><title>Shipping container instead of a shed? | Allotment Talk</title>
    <script type="application/ld+json">${jsonLd}</script></head><body>
    <nav><a href="/">Forums</a> <a href="/new">New posts</a></nav>
    <main><h1>Shipping container instead of a shed?</h1>
    <ol class="messages">
      <li class="message"><div class="message-user">plot42</div><div class="message-body"><p>${opening}</p></div></li>
      ${replies.map((reply, i) => `<li class="message"><div class="message-user">member${i}</div><div class="message-body"><p>${reply}</p></div></li>`).join('\n')}
    </ol></main>
    <footer><a href="/rules">Forum rules</a></footer>
  </body></html>`;

  it('keeps the replies, not only the declared opening post', () => {
    const text = mainText(html, 'https://allotment-talk.example/threads/container.77/');
    expect(text).toContain('replace the old shed with a container');
    for (const reply of replies) expect(text).toContain(reply.slice(0, 40));
    expect(text).not.toContain('Forum rules');
  });
});

describe('an article with a sign-up box between its paragraphs', () => {
  const paragraphs = [
    'Looking for a laptop that keeps up with a busy week? A refurbished workstation from three years ago still outruns most new budget machines, and costs a third of the price.',
    'The processor boosts when the workload grows, the keyboard is comfortable for hours, and the display adjusts its colour to the light of the room to spare the eyes.',
    'It arrives in near-mint condition with a year of warranty; stock is limited and the price may change once the holiday sale ends next week.',
  ];
  const signUp = `<section class="mx-auto my-8 p-4 border">
      <div class="px-2 font-bold">Deals desk</div>
      <div class="flex flex-col"><div class="font-bold">Be the first to know!</div>
        <div class="text-sm">Get hand-picked deals texted right to your phone every morning.</div>
        <form class="flex mt-4"><input type="tel" name="phone"><button type="submit">Sign me up</button></form>
        <div class="text-xs">By signing up you agree to receive recurring automated marketing messages at the number provided. Message and data rates may apply. Reply STOP to opt out.</div>
      </div>
      <div class="text-center">Thanks for signing up!</div>
    </section>`;
  const html = `<html><body>
    <header><a href="/">Deals</a> <a href="/tech">Tech</a></header>
    <div class="page"><div class="content">
      <h1>A fast laptop for a third of the price</h1>
      <p>${paragraphs[0]}</p>${signUp}<p>${paragraphs[1]}</p><p>${paragraphs[2]}</p>
    </div></div>
    <footer><p>Deals Media, all rights reserved.</p></footer>
  </body></html>`;

  it('keeps every paragraph and leaves the sign-up pitch and its terms out', () => {
    const text = mainText(html, 'https://deals.example/article/fast-laptop');
    for (const paragraph of paragraphs) expect(text).toContain(paragraph);
    expect(text).not.toContain('Be the first to know');
    expect(text).not.toContain('Message and data rates may apply');
  });
});

describe('a press release followed by teasers whose summaries the CMS cut short', () => {
  const release = [
    'Enrolment for the spring language courses opens on Monday at every community centre, with evening classes for working adults for the first time this year.',
    'The ministry expects twice as many learners as last spring and has trained twelve new tutors, who will also run conversation circles on Saturday mornings.',
    'Registration is free; learners bring an identity document and may choose two courses, one of them online if no centre near them offers it.',
  ];
  const others = [
    [
      'Harbour clean-up draws hundreds',
      'VOLUNTEERS from every parish joined the harbour clean-up on Saturday, filling more than two hundred bags with plastic and old fishing...',
    ],
    [
      'Festival parade opens the season',
      'THE national festival was launched on Sunday with a colourful parade through the streets of the capital, led by the police band and…',
    ],
    [
      'New clinic hours announced',
      'THE district clinic will open on Saturday mornings from next month, the health ministry said on Wednesday, after residents asked for...',
    ],
  ];
  const html = `<html><body>
    <header><a href="/">Gazette</a> <a href="/news">News</a></header>
    <div class="content-column">
      <div class="post"><h1>Enrolment opens for spring language courses</h1>${release.map((p) => `<p>${p}</p>`).join('')}</div>
      ${others
        .map(
          ([title, summary], i) =>
            `<article class="article article_${i}"><div class="title"><a href="/news/${i}">${title}</a></div><div class="date">December 19</div><div class="body">${summary}</div></article>`,
        )
        .join('')}
    </div>
    <footer><p>Gazette, all rights reserved.</p></footer>
  </body></html>`;

  it('is the release without the teasers of other stories', () => {
    const text = mainText(html, 'https://gazette.example/press-release/enrolment');
    for (const paragraph of release) expect(text).toContain(paragraph);
    expect(text).not.toContain('VOLUNTEERS from every parish');
    expect(text).not.toContain('colourful parade');
  });
});
