import { describe, expect, it } from 'vitest';
import { mainText } from './main-text.js';

const paragraphs = [
  'High school students in the survey slept just under seven hours on a school night, half an hour less than their peers did a decade ago.',
  'Researchers asked more than twelve thousand students about screens, homework and sports, and found that late practice sessions mattered most.',
  'Schools that moved their first bell later by forty minutes saw attendance rise within a year, the authors noted in their summary.',
  'The authors recommend that districts look at practice schedules before they look at phones, which families already argue about at home.',
];

const picture = `<div class="image">
  <img src="/teens.jpg" alt="">
  <div class="image-bottom">
    <p class="control">toggle caption</p>
    <p class="source">Antonio Guillem/Getty Images</p>
  </div>
</div>`;

const page = `<html><head><title>Teens are sleeping less</title></head><body>
  <header><a href="/">Home</a> <a href="/health">Health</a></header>
  <main><article>
    <h1>Teens are sleeping less</h1>
    <p>${paragraphs[0]}</p>${picture}
    ${paragraphs
      .slice(1)
      .map((p) => `<p>${p}</p>`)
      .join('\n')}
    <p>Photo credit: ©iStock.com/studio-north, ©iStock.com/lightfield</p>
  </article></main>
  <footer><p>© Public Radio</p></footer>
</body></html>`;

describe("a picture's caption control and agency credit", () => {
  it('are left out of the story', () => {
    const text = mainText(page);
    expect(text).not.toContain('toggle caption');
    expect(text).not.toContain('Antonio Guillem/Getty Images');
    expect(text).not.toContain('Photo credit:');
    for (const paragraph of paragraphs) expect(text).toContain(paragraph);
  });
});
