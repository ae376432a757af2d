import { beforeAll, describe, expect, it } from 'vitest';
import { assessFetchedPage } from '../../lib/fetch/assess-page.js';
import { isClientRenderedHtml } from '../../lib/fetch/client-rendered.js';
import { loadModernWebCorpus, modernWebCorpusPresent } from '../extract/modern-web-corpus.js';
import { loadSegmentCorpus } from '../extract/segment-corpus.js';
import { fetchedPage } from '../fixtures/walls/load-wall-fixture.js';

/*
 * Every page of both development corpora is a readable page a person annotated: served as a 200,
 * none may be refused as a wall, and a page answered rendered: false must really show nothing
 * without scripts (its text is all in a JSON state blob, not in the HTML).
 */
describe('the wall verdict on 720 readable pages (modern-web and trafilatura development corpora)', () => {
  let pages: { id: string; url: string; html: string }[] = [];

  beforeAll(() => {
    expect(modernWebCorpusPresent(), 'shared/corpus/modern-web-dev beside the repository').toBe(true);
    pages = [
      ...loadModernWebCorpus().map((page) => ({ id: page.id, url: page.url, html: page.html })),
      ...loadSegmentCorpus().map((page) => ({ id: page.file, url: page.url, html: page.html })),
    ];
  }, 120_000);

  // scrape is the strictest reader: it counts Fastly's page and an empty 2xx among the walls.
  it('calls none of them a wall when scrape reads them', () => {
    expect(pages.length).toBe(720);
    const refused: string[] = [];
    for (const page of pages) {
      const served = fetchedPage({ status: 200, body: page.html, finalUrl: page.url });
      try {
        assessFetchedPage(served, { tool: 'scrape', escalate: false });
      } catch (error) {
        refused.push(`${page.id}: ${(error as Error).message}`);
      }
    }
    expect(refused).toEqual([]);
  }, 120_000);

  it('answers rendered: false only for pages with no readable text in their HTML', () => {
    const shells = pages.filter((page) => isClientRenderedHtml(page.html));
    expect(shells.length).toBeLessThanOrEqual(2);
    for (const page of shells) {
      const served = fetchedPage({ status: 200, body: page.html, finalUrl: page.url });
      expect(assessFetchedPage(served, { tool: 'scrape', escalate: false }).rendered, page.id).toBe(false);
      // Nothing of the page's prose is in its markup outside scripts.
      const markupText = page.html
        .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>|<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      expect(markupText.length, page.id).toBeLessThan(400);
    }
  }, 120_000);
});
