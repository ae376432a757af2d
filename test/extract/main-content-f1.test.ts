import { describe, expect, it } from 'vitest';
import { PageDocument } from '../../lib/extract/index.js';
import { corpusManifest, readCorpusFile } from './corpus.js';
import { shingleF1 } from './shingles.js';

const articles = corpusManifest().filter((entry) => entry.file.startsWith('articles/'));

describe('main content against annotated article bodies (word-shingle F1)', () => {
  it('has the annotated fixtures', () => {
    expect(articles.length).toBeGreaterThanOrEqual(5);
  });

  for (const entry of articles) {
    it(entry.file, () => {
      const expected = readCorpusFile(entry.file.replace(/\.html$/, '.expected.txt'));
      const doc = PageDocument.parse(readCorpusFile(entry.file), entry.url);
      const text = shingleF1(doc.text({ onlyMainContent: true }), expected);
      const markdown = shingleF1(doc.markdown({ onlyMainContent: true }), expected);
      const detail = JSON.stringify({ text, markdown, method: doc.mainContent.method });
      // Recall matters more than precision: a lost paragraph costs more than a stray line.
      expect(text.recall, detail).toBeGreaterThanOrEqual(0.95);
      expect(text.f1, detail).toBeGreaterThanOrEqual(0.9);
      expect(markdown.f1, detail).toBeGreaterThanOrEqual(0.85);
    });
  }
});

describe('main content on real documentation pages', () => {
  const pages = corpusManifest().filter((entry) => entry.file.startsWith('pages/'));

  it('keeps most of every page and finds more than a fragment', () => {
    for (const entry of pages) {
      const doc = PageDocument.parse(readCorpusFile(entry.file), entry.url);
      const main = doc.text({ onlyMainContent: true });
      const whole = doc.text({ onlyMainContent: false });
      expect(main.length, entry.file).toBeGreaterThan(Math.min(2000, whole.length * 0.3));
      expect(main.length, entry.file).toBeLessThanOrEqual(whole.length);
    }
  });

  it('leaves navigation out of a Sphinx page', () => {
    const entry = pages.find((page) => page.file.endsWith('python-howto-sorting.html'))!;
    const markdown = PageDocument.parse(readCorpusFile(entry.file), entry.url).markdown();
    expect(markdown).toContain('Sorting Basics');
    expect(markdown).not.toContain('Table of Contents');
    expect(markdown).not.toMatch(/Report a Bug|Show Source/);
  });
});
