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
    <div class="areas"><h2>Areas we serve</h2>${Array.from({ length: 40 }, (_, i) => `<a href="/areas/${i}">Service area number ${i + 1}</a>`).join(' ')}</div>
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

describe('a shop’s best-seller list on a page that marks no <main>', () => {
  const products = [
    'Noise-cancelling headphones, over-ear, 30 h battery',
    'Wireless earbuds with charging case, water resistant',
    'Portable speaker, 20 W, twelve hours of play',
    'USB-C charger, 65 W, two ports, foldable plug',
    'Smart plug, works with voice assistants, pack of four',
    'E-reader, 7-inch glare-free screen, adjustable warm light',
    'Streaming stick with remote, 4K, Dolby Vision',
    'Fitness tracker, heart rate and sleep, two-week battery',
    'Mechanical keyboard, hot-swappable switches, backlit keys',
    'Webcam, 1080p at 60 frames, privacy shutter and stereo microphones',
    'Power bank, 20,000 mAh, charges a laptop and a phone at once',
    'Robot vacuum with self-emptying base and room mapping',
  ];
  const html = `<html><body>
    <div id="top"><a href="/">Shop</a> <a href="/deals">Deals</a> <a href="/help">Help</a></div>
    <div class="page">
      <div class="header-row"><h1>Best Sellers in Electronics</h1><p>Our most popular products based on sales. Updated hourly.</p></div>
      <div class="grid">${products
        .map(
          (
            name,
            i,
          ) => `<div class="tile"><span class="rank">#${i + 1}</span><a href="/p/${i}"><img src="/i/${i}.jpg" alt=""><div class="name">${name}</div></a>
          <div class="stars">4.${i} out of 5</div><div class="price">$${19 + i * 10}.99</div></div>`,
        )
        .join('\n')}</div>
    </div>
    <footer><p>Conditions of use. Privacy notice. © Shop Inc.</p></footer>
  </body></html>`;

  it('is the list, not the one sentence of prose above it', () => {
    const { text, method } = mainContent(html, 'https://shop.example/best-sellers/electronics');
    expect(method).toBe('landmark');
    for (const name of products) expect(text).toContain(name);
    expect(text).not.toContain('Conditions of use');
  });
});

describe('a blog home page of teasers with a data notice set as an ARIA alert', () => {
  const posts = [
    'Scaling global storytelling: modernising localisation analytics',
    'Optimising recommendation systems with the vector API',
    'Mount mayhem: scaling container storage across regions',
    'How we test the playback of every title on every device',
    'A year of running our build farm on spot instances',
  ];
  const html = `<html><body>
    <div class="q" role="alert"><p>To make this site work, we log user data. By using it you agree to our privacy policy, including the cookie policy, and to the processing of your reading history for recommendations.</p></div>
    <div class="top"><a href="/">Tech Blog</a> <a href="/signin">Sign in</a></div>
    <div class="list">${posts
      .map(
        (title, i) =>
          `<div class="card"><h2><a href="/p/${i}">${title}</a></h2><span>${i + 1}d ago</span> <span>${i + 3} min read</span></div>`,
      )
      .join('')}</div>
  </body></html>`;

  it('is the list of posts, never the notice', () => {
    const { text } = mainContent(html, 'https://techblog.example/');
    for (const title of posts) expect(text).toContain(title);
    expect(text).not.toContain('we log user data');
  });
});

describe('a trending list whose filters are ARIA menus of hundreds of items', () => {
  const repos = [
    'swarm / engine',
    'openai / skills',
    'agency / agents',
    'cloud / notebooks',
    'jido / runtime',
  ];
  const languages = Array.from({ length: 120 }, (_, i) => `Language number ${i + 1}`);
  const html = `<html><body>
    <header><a href="/">Code host</a> <a href="/explore">Explore</a></header>
    <main>
      <h1>Trending</h1><p>See what the community is most excited about today.</p>
      <details><summary>Language: Any</summary><div class="select-menu-list">${languages
        .map((name) => `<a role="menuitemradio" href="/trending/${name.length}">${name}</a>`)
        .join('')}</div></details>
      ${repos
        .map(
          (repo) =>
            `<article class="box-row"><h2><a href="/${repo}">${repo}</a></h2><p>${repo} does one thing well.</p><span>1,234 stars today</span></article>`,
        )
        .join('')}
    </main>
  </body></html>`;

  it('is the list without the items of its pickers', () => {
    const { text } = mainContent(html, 'https://code.example/trending');
    for (const repo of repos) expect(text).toContain(`${repo} does one thing well`);
    expect(text).not.toContain('Language number 7');
  });
});

describe('a page of offers: a list of cards, each a linked headline and two short sentences', () => {
  const offers = [
    [
      'Price match guarantee',
      'We match any written quote from a licensed and insured company for the same work and the same materials. The other company must hold the same licences and insurance as we do, and the quote must be dated within the last thirty days.',
    ],
    [
      '10% off a panel upgrade',
      'Show this offer before the work starts. It cannot be combined with other offers.',
    ],
    ['$25 off troubleshooting', 'Show this offer before the work starts. One offer per household and visit.'],
    ['$50 off a surge protector', 'Show this offer before the work starts. Valid on whole-house units only.'],
  ];
  const html = `<html><body>
    <header><nav><a href="/">Home</a> <a href="/services">Services</a> <a href="/offers">Offers</a> <a href="/contact">Contact</a></nav>
      <p>Call us any day of the week from seven in the morning to nine at night for a free estimate.</p></header>
    <div class="wrapper"><ul class="offers">${offers
      .map(
        ([headline, terms], i) =>
          `<li><a href="/offers/${i}"><img src="/offer-${i}.jpg" alt=""><h3>${i + 1}</h3></a><div class="desc"><a href="/offers/${i}"><h2>${headline}</h2></a>${terms
            .split('. ')
            .map((sentence) => `<p>${sentence.replace(/\.$/, '')}.</p>`)
            .join('')}</div></li>`,
      )
      .join('')}</ul></div>
    <div class="promise"><p>Our electricians are employees, trained by us, background-checked and insured.</p></div>
    <div class="guarantee"><p>Every repair comes with a written guarantee on parts and labour, whatever its size.</p></div>
    <div class="areas"><h2>Areas we serve</h2>${Array.from({ length: 40 }, (_, i) => `<a href="/areas/${i}">Service area number ${i + 1}</a>`).join(' ')}</div>
    <footer><p>Licensed electrical contractor since 1998, serving the whole county and its neighbours.</p>
      <a href="/privacy">Privacy</a> <a href="/terms">Terms</a></footer>
  </body></html>`;

  it('is every offer, not the one with the longest terms', () => {
    const { text } = mainContent(html, 'https://electric.example/offers/');
    for (const [headline, terms] of offers) {
      expect(text).toContain(headline);
      for (const sentence of terms.split('. ')) expect(text).toContain(sentence);
    }
    expect(text).not.toContain('Licensed electrical contractor since 1998');
  });
});

describe('a category page whose product cards each carry a rating line', () => {
  const boots = [
    ['Ridge Mid Waterproof', '$170.00', 'Rated 4.6 out of 5 stars from 1,332 reviews'],
    ['Canyon Low Leather', '$134.73', 'Rated 4.3 out of 5 stars from 60 reviews'],
    ['Summit GTX', '$240.00', 'Rated 4.2 out of 5 stars from 38 reviews'],
    ['Trailhead Light', '$89.73', 'Rated 4.7 out of 5 stars from 46 reviews'],
  ];
  const html = `<html><body>
    <header><a href="/">Outdoor store</a> <a href="/cart">Cart</a></header>
    <main><h1>Hiking boots</h1><p>Sturdy boots for day hikes and long trails, in every size and width we could find.</p>
      <ul class="results">${boots
        .map(
          ([name, price, rating], i) =>
            `<li class="result"><a href="/p/${i}"><img src="/p/${i}.jpg" alt=""><span class="name">${name}</span></a><span class="price">${price}</span><div class="rating rating--small">${rating}</div></li>`,
        )
        .join('')}</ul></main>
    <footer><p>Outdoor store co-op. Terms of sale.</p></footer>
  </body></html>`;

  it("keeps each card's rating with its name and price", () => {
    const { text } = mainContent(html, 'https://outdoor.example/c/hiking-boots');
    for (const [name, price, rating] of boots) {
      expect(text).toContain(name);
      expect(text).toContain(price);
      expect(text).toContain(rating);
    }
    expect(text).not.toContain('Terms of sale');
  });
});
