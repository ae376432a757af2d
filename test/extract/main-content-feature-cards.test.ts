import { describe, expect, it } from 'vitest';
import { mainText } from './main-text.js';

const intro =
  'Our editor keeps your whole project in one window, from the first line you type to the release you ship. ' +
  'It opens large repositories in seconds, understands the languages you use every day, and stays out of your way ' +
  'while you work. Teams of every size rely on it to write, test and review their code together.';

const outro =
  'The editor is free to download and use, for work and for play, on every major operating system. ' +
  'Updates arrive every month with new features, fixes and improvements that its community asked for.';

const features = [
  ['Integrated terminal', 'Use your favourite shell without leaving the editor.'],
  ['Run code', 'Run and debug your programs from the window you write them in.'],
  ['Version control', 'Built-in support for git and many other source control providers.'],
  ['Local history', 'Never lose your changes, with every save tracked on your machine.'],
];

function landingPage(card: (name: string, sentence: string, i: number) => string): string {
  return `<html><body>
    <nav><a href="/">Home</a> <a href="/docs">Docs</a> <a href="/download">Download</a></nav>
    <main><div class="content"><h1>The editor for every project</h1><p>${intro}</p>
      <h2>Everything you need</h2>
      <div class="grid">${features.map(([name, sentence], i) => card(name, sentence, i)).join('')}</div>
      <h2>Free for everyone</h2><p>${outro}</p>
    </div></main>
    <footer><p>Editor Ltd. Privacy. Terms.</p></footer>
  </body></html>`;
}

describe("a landing page's grid of features", () => {
  it('keeps cards that are each one link: a name and a sentence', () => {
    const html = landingPage(
      (name, sentence, i) => `<a class="tile" href="/features/${i}"><h3>${name}</h3><p>${sentence}</p></a>`,
    );
    const text = mainText(html);
    expect(text).toContain('Our editor keeps your whole project');
    for (const [name, sentence] of features) {
      expect(text).toContain(name);
      expect(text).toContain(sentence);
    }
    expect(text).not.toContain('Privacy. Terms.');
  });

  it('keeps cards with a linked name and a "Learn more" link', () => {
    const html = landingPage(
      (name, sentence, i) =>
        `<div class="tile"><h3><a href="/features/${i}">${name}</a></h3><p>${sentence}</p><a href="/features/${i}">Learn more</a></div>`,
    );
    const text = mainText(html);
    for (const [, sentence] of features) expect(text).toContain(sentence);
  });
});

describe("a story's wall of teasers for other stories", () => {
  const body = Array.from(
    { length: 4 },
    (_, i) =>
      `<p>Paragraph ${i + 1} of the council's report on the harbour: the works will take two summers, cost less than planned and leave the ferry running on its usual timetable throughout.</p>`,
  ).join('');
  const teasers = [
    ['Ferry operator promises new boats for the island route by next spring', 'The company says the order…'],
    ['Residents object to the planned car park beside the old fish market', 'A petition signed by…'],
    ['Why the harbour wall failed during the winter storms, explained', 'Engineers who inspected…'],
  ];
  const html = `<html><body><main><article>
    <h1>Harbour works approved</h1>${body}
    <div class="grid">${teasers
      .map(
        ([headline, summary], i) =>
          `<div><h3><a href="/news/${i}">${headline}</a></h3><p>${summary}</p></div>`,
      )
      .join('')}</div>
  </article></main></body></html>`;

  it('still leaves the teasers out: long headlines, summaries cut short', () => {
    const text = mainText(html);
    expect(text).toContain('Paragraph 4 of the council');
    for (const [headline] of teasers) expect(text).not.toContain(headline);
  });
});
