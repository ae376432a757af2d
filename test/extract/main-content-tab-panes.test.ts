import { describe, expect, it } from 'vitest';
import { mainText } from './main-text.js';

describe('a landing page whose gallery shows one category and hides the others by class', () => {
  const categories = {
    work: [
      [
        'Meeting Agenda',
        'Waste less time in meetings by agreeing on the points to cover before anyone joins the call.',
      ],
      [
        'Project Tracker',
        'See every open task of a project with its owner and its due date on a single page.',
      ],
    ],
    personal: [
      ['Grocery List', 'Keep the shopping list with you and tick items off as they go into the basket.'],
      [
        'Fitness Plan',
        'Make exercise a habit by putting each session on the calendar like any other appointment.',
      ],
    ],
  };
  const list = (items: string[][], hidden: boolean) =>
    `<ul class="templates-list${hidden ? ' hidden' : ''}">${items
      .map(
        ([name, text]) =>
          `<li><p class="template-name"><a href="/t/${name}">${name}</a></p><p>${text}</p></li>`,
      )
      .join('')}</ul>`;
  const html = `<html><body>
    <header><a href="/">Tasks</a> <a href="/pricing">Pricing</a></header>
    <main>
      <h1>Start with a template</h1>
      <p>Pick a ready-made project for your work or your life at home, then change it as your plans change over the weeks.</p>
      <div class="tabs"><button>Work</button><button>Personal</button></div>
      ${list(categories.work, false)}
      ${list(categories.personal, true)}
      <p class="note hidden">You have already used this template.</p>
    </main>
    <footer><p>© Tasks Inc.</p></footer>
  </body></html>`;

  it('keeps the hidden category with the one on show', () => {
    const text = mainText(html);
    for (const [, body] of [...categories.work, ...categories.personal]) expect(text).toContain(body);
  });

  it('still leaves out a hidden element that has no shown twin', () => {
    expect(mainText(html)).not.toContain('You have already used this template');
  });
});
