import { describe, expect, it, vi } from 'vitest';
import { corpusManifest, readCorpusFile } from './corpus.js';

const loadSpy = vi.hoisted(() => ({ calls: 0 }));
vi.mock('cheerio/slim', async (importOriginal) => {
  const original = await importOriginal<typeof import('cheerio/slim')>();
  return {
    ...original,
    load: (...args: Parameters<typeof original.load>) => {
      loadSpy.calls++;
      return original.load(...args);
    },
  };
});

const { PageDocument } = await import('../../lib/extract/index.js');

describe('PageDocument', () => {
  it('parses once for every format of a scrape', () => {
    const entry = corpusManifest().find((e) => e.file.endsWith('wordpress-dinghy.html'))!;
    const before = loadSpy.calls;
    const doc = PageDocument.parse(readCorpusFile(entry.file), entry.url);
    const markdown = doc.markdown();
    const html = doc.cleanHtml();
    const text = doc.text();
    const links = doc.links();
    const metadata = doc.metadata;
    expect(loadSpy.calls - before).toBe(1);
    expect(markdown).toMatch(/^Last spring I paid forty pounds/);
    expect(html).toMatch(/^<p>Last spring/);
    expect(text).toMatch(/^Last spring/);
    expect(links.statistics.total_links).toBeGreaterThan(10);
    expect(metadata.title).toBe('What I Learned Restoring a 1970s Sailing Dinghy');
    expect(doc.markdown()).toBe(markdown);
  });

  it('gives the whole page with onlyMainContent: false', () => {
    const entry = corpusManifest().find((e) => e.file.endsWith('wordpress-dinghy.html'))!;
    const doc = PageDocument.parse(readCorpusFile(entry.file), entry.url);
    const whole = doc.markdown({ onlyMainContent: false });
    expect(whole).toContain('Recent Posts');
    expect(whole).toContain('Last spring I paid forty pounds');
    expect(doc.markdown()).not.toContain('Recent Posts');
  });

  it('falls back to the cleaned body when nothing scores', () => {
    const doc = PageDocument.parse(
      '<body><nav><a href="/">Home</a></nav><div>Short note.</div><footer>(c) Site</footer></body>',
      'https://e.example/',
    );
    expect(doc.markdown()).toBe('Short note.');
    expect(doc.mainContent.method).toBe('body');
  });

  // Its speed is a figure of `npm run bench` (large-page.ts); a timed bound here would only be noise.
  it('converts the whole 4 MB page of 38 articles', () => {
    const entry = corpusManifest().find((e) => e.file.startsWith('large/'))!;
    const markdown = PageDocument.parse(readCorpusFile(entry.file), entry.url).markdown();
    expect(markdown.length).toBeGreaterThan(1_000_000);
  });
});
