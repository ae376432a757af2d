import { describe, expect, it } from 'vitest';
import { countWords } from '../../lib/analysis/words.js';
import { PageDocument } from '../../lib/extract/index.js';
import { corpusManifest, readCorpusFile } from './corpus.js';

const load = (name: string) => {
  const entry = corpusManifest().find((e) => e.file.endsWith(name))!;
  return PageDocument.parse(readCorpusFile(entry.file), entry.url);
};

describe('metadata', () => {
  it('reads a news page: og, article, JSON-LD, canonical, favicon', () => {
    const meta = load('news-council-garages.html').metadata;
    expect(meta.title).toBe('Council backs plan to turn two downtown parking garages into 400 homes');
    expect(meta.description).toMatch(/^The vote ends a two-year fight/);
    expect(meta.canonical_url).toBe('https://rivertonpost.example/news/2023/11/council-garages-housing');
    expect(meta.language).toBe('en-US');
    expect(meta.author).toBe('Sam Whitlock');
    expect(meta.published_time).toBe('2023-11-14T23:05:00Z');
    expect(meta.modified_time).toBe('2023-11-15T08:30:00Z');
    expect(meta.site_name).toBe('The Riverton Post');
    expect(meta.favicon).toBe('https://rivertonpost.example/favicon-32.png');
    expect(meta.image).toBe('https://rivertonpost.example/images/2023/11/dock-street-garage-1600.jpg');
    expect(meta.keywords).toEqual(['Housing', 'City council']);
    expect(meta.open_graph['og:image']).toEqual([
      'https://rivertonpost.example/images/2023/11/dock-street-garage-1600.jpg',
      'https://rivertonpost.example/images/2023/11/dock-street-garage-800.jpg',
    ]);
    expect(meta.open_graph['article:section']).toBe('Local');
    expect(meta.twitter).toEqual({ 'twitter:card': 'summary_large_image', 'twitter:site': '@rivertonpost' });
    // Two valid blocks (one with a raw newline inside a string); the invalid third is skipped.
    expect(meta.json_ld).toHaveLength(2);
    expect((meta.json_ld[0] as { '@type': string })['@type']).toBe('NewsArticle');
  });

  it('falls back through author sources and skips an article:author URL', () => {
    const meta = load('blocks-cinema-shares.html').metadata;
    expect(meta.author).toBe('BBC News');
    expect(meta.published_time).toBe('2023-10-02T05:12:44.000Z');
  });

  it('reads byl, robots, <base>-relative canonical and <time> fallbacks', () => {
    const meta = load('split-body-water-board.html').metadata;
    expect(meta.author).toBe('Priya Raman');
    expect(meta.robots).toBe('noarchive, max-image-preview:large');
    expect(meta.favicon).toBe('https://www.valleytimes.example/favicon.ico');
  });

  it('reads a legacy page: <title>, content-language, keywords', () => {
    const meta = load('legacy-covered-bridge.html').metadata;
    expect(meta.title).toBe('Millbrook Historical Society - Covered Bridge');
    expect(meta.language).toBe('en');
    expect(meta.keywords).toContain('Town lattice truss');
    expect(meta.author).toBeNull();
    expect(meta.published_time).toBeNull();
  });

  it('falls back to the first <h1> without a <title>, and to <time datetime>', () => {
    const doc = PageDocument.parse(
      '<body><article><h1>Only heading</h1><time datetime="2024-01-02">Jan 2</time><p>x</p></article></body>',
      'https://e.example/p',
    );
    expect(doc.metadata.title).toBe('Only heading');
    expect(doc.metadata.published_time).toBe('2024-01-02');
    expect(doc.metadata.favicon).toBe('https://e.example/favicon.ico');
  });

  it('counts words', () => {
    expect(countWords("It's a well-known fact: 3 cats, 2 dogs.")).toBe(8);
  });
});
