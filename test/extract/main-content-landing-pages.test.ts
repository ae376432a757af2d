import { describe, expect, it } from 'vitest';
import { mainText } from './main-text.js';

describe('a service landing page: short sections side by side under <body>', () => {
  const benefits = [
    [
      'Data-driven decisions',
      'Gain access to key insights that let you adjust your campaigns accurately and quickly.',
    ],
    [
      'Strategy optimisation',
      'Insights that help you find opportunities and the areas where spending can improve.',
    ],
    ['Real-time monitoring', 'Follow every campaign as it runs, so that adjustments come in time to matter.'],
  ];
  const faq = [
    [
      'Who is this for?',
      'Marketing teams, data analysts and digital leaders who want their strategy built on data, from small shops to large companies.',
    ],
    [
      'Does it work with our other tools?',
      'Yes: it complements search, paid media and conversion work, and reads the data those tools already collect for you.',
    ],
  ];
  const html = `<html><body>
    <header><a href="/">Agency</a> <a href="/solutions">Solutions</a> <a href="/contact">Contact</a></header>
    <div class="hero"><div class="col"><h1>Data analytics</h1>
      <h2>Boost your business with analytics that make your data simple to see and to act on, for better decisions.</h2></div></div>
    <div class="benefits"><h2>What are the benefits?</h2>${benefits
      .map(([title, text]) => `<div class="box"><h3>${title}</h3><p>${text}</p></div>`)
      .join('')}</div>
    <div class="results"><p>Our clients see a rise of half again in conversions within six months of the first dashboard going live, on average.</p></div>
    <div class="faq"><h2>Frequently asked questions</h2>${faq
      .map(
        ([q, a]) =>
          `<div class="accordion-card"><button>${q}</button><div class="collapse"><p>${a}</p></div></div>`,
      )
      .join('')}</div>
    <footer><p>Agency Ltd, 4 Harbour Road. Privacy. Cookies.</p></footer>
  </body></html>`;

  it('is every section, not the longest one', () => {
    const text = mainText(html);
    for (const [, benefit] of benefits) expect(text).toContain(benefit);
    for (const [, answer] of faq) expect(text).toContain(answer);
    expect(text).toContain('Our clients see a rise of half again');
  });

  it('leaves the header and the footer out', () => {
    const text = mainText(html);
    expect(text).not.toContain('Harbour Road');
    expect(text).not.toMatch(/Solutions\s+Contact/);
  });
});

describe('a programme page whose course descriptions and answers are collapsed accordion panels', () => {
  const courses = [
    [
      'Planning and scheduling',
      'Build a schedule that survives its first week: estimates, dependencies and the buffers that keep a plan honest.',
    ],
    [
      'Leading project teams',
      'Learn how teams form, where they stall and how a project lead keeps a mixed group moving toward one goal.',
    ],
    [
      'Budgets and cost control',
      'Estimate, budget and track costs so that a project finishes within the money it was given, with no surprises.',
    ],
  ];
  const answers = [
    [
      'Can I finish the programme online?',
      'Yes: every course runs online at least once a year, and most also run in the evening on campus.',
    ],
    [
      'How long do I have to complete it?',
      'Up to five years from your first course, at whatever pace your work and family allow you to keep.',
    ],
  ];
  const panel = (id: string, title: string, text: string) =>
    `<div class="accordion-item"><button id="${id}-trigger" aria-expanded="false" aria-controls="${id}-panel"><h4>${title}</h4></button>` +
    `<div id="${id}-panel" role="region" style="overflow: hidden; height: 0px; visibility: hidden"><p>${text}</p></div></div>`;
  const html = `<html><body>
    <header><button aria-expanded="false" aria-controls="site-menu">Menu</button>
      <div id="site-menu" hidden><a href="/courses">All courses</a> <a href="/campus">Campus life</a> <a href="/apply">How to apply</a></div></header>
    <main>
      <h1>Project management certificate</h1>
      <p>Gain the practical skills to plan, lead and deliver projects in any industry, taught by people who run them for a living.</p>
      <section><h2>Courses</h2>${courses.map(([title, text], i) => panel(`course-${i}`, title, text)).join('')}</section>
      <section><h2>Questions</h2>${answers.map(([question, answer], i) => panel(`faq-${i}`, question, answer)).join('')}</section>
    </main>
    <footer><p>Extension school, 9 College Road.</p></footer>
  </body></html>`;

  it('keeps every panel with the control that names it', () => {
    const text = mainText(html);
    for (const [title, description] of [...courses, ...answers]) {
      expect(text).toContain(title);
      expect(text).toContain(description);
    }
  });

  it('leaves a collapsed menu of links out', () => {
    const text = mainText(html);
    expect(text).not.toContain('Campus life');
    expect(text).not.toContain('College Road');
  });
});

describe('a course page whose accordion widget calls itself a tablist, panels and all', () => {
  const answers = [
    [
      'Are there prerequisites?',
      'None at all: the course starts from what a ledger is and builds every later idea on that first lesson.',
    ],
    [
      'What does the course cover?',
      'How the technology works, the terms you will meet, the basics of contracts and what changes for a business.',
    ],
    [
      'Is there a certificate?',
      'Not for this free course; it prepares you for the certification programmes, which carry their own exam.',
    ],
  ];
  const html = `<html><body>
    <header><a href="/">Academy</a> <a href="/courses">Courses</a></header>
    <div class="page-part">
      <h1>Fundamentals course</h1>
      <p>A free introduction in four lessons for anyone who wants to understand the technology before choosing a career path in it.</p>
      <p>Each lesson takes under an hour and ends with a short exercise, so that what you read is something you have also done once.</p>
      <p>The instructors build systems for banks and shipping companies, and the examples come from the projects they have shipped.</p>
      <p>When you finish, you can move on to the professional programmes, or stop there with a clear picture of what the field is about.</p>
      <section id="faq"><h2>Frequently asked questions</h2>
        <div class="panel-group" id="faq-list" role="tablist">${answers
          .map(
            ([question, answer], i) =>
              `<div class="panel"><div class="panel-heading" role="tab"><h4 class="panel-title"><a role="button" data-toggle="collapse" href="#faq-${i}" aria-expanded="false" aria-controls="faq-${i}">${question}</a></h4></div>` +
              `<div id="faq-${i}" class="panel-collapse collapse" role="tabpanel"><div class="panel-body"><p>${answer}</p></div></div></div>`,
          )
          .join('')}</div>
      </section>
    </div>
    <div class="tabs"><ul role="tablist"><li role="tab"><a href="#a">Overview</a></li><li role="tab"><a href="#b">Reviews</a></li></ul></div>
    <footer><p>Academy Ltd. Terms.</p></footer>
  </body></html>`;

  it('keeps the questions and their answers', () => {
    const text = mainText(html);
    for (const [question, answer] of answers) {
      expect(text).toContain(question);
      expect(text).toContain(answer);
    }
  });

  it('still leaves a tablist of links out', () => {
    expect(mainText(html)).not.toMatch(/Overview\s+Reviews/);
  });
});

describe("a page builder's blocks of one class side by side, one of them longer than the rest", () => {
  const blocks: [string, string[]][] = [
    [
      'Who we are',
      [
        'A family bakery on the harbour front since 1961, baking through the night so the first loaves are out of the oven at six.',
      ],
    ],
    [
      'Our flour',
      [
        'We mill a share of our own flour from rye and spelt grown on two farms up the valley, and buy the rest from a mill we have used for decades.',
        'Whole grains keep more of their flavour when milled fresh, which is why the mill runs three mornings a week, a day or two before the flour is used.',
        'What we cannot mill ourselves comes as organic wheat flour, stone-ground, in paper sacks that go back to the farms as compost.',
      ],
    ],
    [
      'Our bread',
      [
        'Every loaf rises slowly for at least eighteen hours, which gives the crust its colour and lets the bread keep for most of a week.',
      ],
    ],
    [
      'Visit us',
      [
        'The shop opens at seven every day but Monday, and the café upstairs serves breakfast until eleven with a view of the boats.',
      ],
    ],
  ];
  const html = `<html><body>
    <div class="site-top"><a href="/">Harbour Bakery</a> <a href="/shop">Shop</a> <a href="/contact">Contact</a></div>
    <div class="builder-page">${blocks
      .map(
        ([title, paragraphs], i) =>
          `<div class="builder-block builder-block-${i}"><div class="builder-inner"><div class="builder-column"><div class="builder-text"><h2>${title}</h2>${paragraphs.map((p) => `<p>${p}</p>`).join('')}<ul class="builder-links"><li><a href="/b/${i}/a">More about ${title.toLowerCase()} and the people behind it</a></li><li><a href="/b/${i}/b">Photos from the bakery</a></li></ul></div></div></div></div>`,
      )
      .join('')}</div>
    <div class="site-bottom"><a href="/privacy">Privacy</a> <a href="/terms">Terms</a></div>
  </body></html>`;

  it('is every block, not the longest one', () => {
    const text = mainText(html);
    for (const [title, paragraphs] of blocks) {
      expect(text).toContain(title);
      for (const paragraph of paragraphs) expect(text).toContain(paragraph);
    }
    expect(text).not.toContain('Privacy');
  });
});

describe('a landing page whose tiles carry a furniture-like name', () => {
  const features: [string, string[]][] = [
    ['Live scores', ['Every match', 'Every league', 'Alerts on goals']],
    ['Four screens', ['Watch four games', 'Pick the sound', 'Swap with a tap']],
    ['Voice search', ['Say a title', 'Say an actor', 'Say a channel']],
    ['Recordings', ['Record a series', 'Skip the ads', 'Watch anywhere']],
    ['Apps', ['All your apps', 'One remote', 'One bill']],
    ['Kids', ['Safe profiles', 'Bedtime timers', 'Cartoons on demand']],
    ['Music', ['Radio stations', 'Concert films', 'Lyrics on screen']],
    ['Sports zone', ['Live odds', 'Player statistics', 'Replays of every goal']],
    ['Movies', ['New releases', 'Rent or buy', 'Watch in 4K']],
    ['News', ['Local channels', 'World channels', 'Weather radar']],
    ['Gaming', ['Cloud games', 'Low latency', 'Any controller']],
    ['Travel', ['Watch abroad', 'Download for later', 'Hotel screens']],
  ];
  const html = `<html><body>
    <div class="nav-bar"><a href="/">TV</a> <a href="/internet">Internet</a> <a href="/mobile">Mobile</a></div>
    <div id="root"><h1>Entertainment</h1>
      <p>Pair our television service with internet and mobile for one price, one bill, and the best seat in the house for every game of the season.</p>
      <p>Our equipment has won awards three years running, and the remote understands your voice, so finding the show everyone talks about takes a second.</p>
      ${features
        .map(
          ([title, lines]) =>
            `<div class="promo-tile"><h3>${title}</h3><ul>${lines.map((line) => `<li>${line}</li>`).join('')}</ul></div>`,
        )
        .join('')}
    </div>
    <div class="page-end"><a href="/privacy">Privacy</a> <a href="/terms">Terms</a></div>
  </body></html>`;

  it('is the introduction and every tile, read again without the names', () => {
    const text = mainText(html);
    for (const [title, lines] of features) {
      expect(text).toContain(title);
      for (const line of lines) expect(text).toContain(line);
    }
    expect(text).toContain('Pair our television service');
    expect(text).not.toContain('Privacy');
  });
});
