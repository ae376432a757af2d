import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { captureBody, hashLines, linesOf } from '../../lib/change-detection/capture.js';
import { compareWithBaseline } from '../../lib/change-detection/compare.js';
import { diffLines } from '../../lib/change-detection/line-diff.js';
import { encodeSketch, similarityOf, sketchOf } from '../../lib/change-detection/similarity.js';
import { PageDocument } from '../../lib/extract/page-document.js';
import { type Element, walkElements } from '../../lib/html/dom.js';

const corpus = new URL('../fixtures/corpus/pages/', import.meta.url);
const site = (file: string) => file.replace(/-.*$/, '');

function tagsOf(html: string): string[] {
  const document = PageDocument.parse(html, 'https://docs.example/');
  const tags: string[] = [];
  walkElements(document.$('body')[0] as Element, (element) => {
    tags.push(element.name);
    return true;
  });
  return tags;
}

describe('line diff', () => {
  it('counts real totals and keeps the first 20 samples of each side, cut to 500 characters', () => {
    const before = Array.from({ length: 100 }, (_, i) => `row ${i}`);
    const after = before.map((line, i) => (i % 4 === 0 ? `${'x'.repeat(600)} ${i}` : line));
    const diff = diffLines(before, after);
    expect(diff.added).toBe(25);
    expect(diff.removed).toBe(25);
    expect(diff.addedSamples).toHaveLength(20);
    expect(diff.removedSamples.slice(0, 3)).toEqual(['row 0', 'row 4', 'row 8']);
    expect(diff.addedSamples.every((sample) => sample.length === 500)).toBe(true);
  });

  it('sees a reorder as a change and finds insertions and deletions in place', () => {
    expect(diffLines(['a', 'b', 'c'], ['c', 'a', 'b'])).toMatchObject({ added: 1, removed: 1 });
    expect(diffLines(['a', 'b', 'c', 'd'], ['a', 'x', 'b', 'd'])).toEqual({
      added: 1,
      removed: 1,
      addedSamples: ['x'],
      removedSamples: ['c'],
    });
    expect(diffLines([], ['only'])).toMatchObject({ added: 1, removed: 0 });
  });

  it('stays exact where no line is unique (a page of repeated rows) and on 50,000 lines half changed', () => {
    const rows = Array.from({ length: 3_000 }, () => 'Add to cart');
    expect(diffLines(rows, [...rows.slice(0, 1_500), 'Sold out', ...rows.slice(1_500)])).toMatchObject({
      added: 1,
      removed: 0,
    });
    const big = Array.from({ length: 50_000 }, (_, i) => `line ${i} with some words`);
    const half = big.map((line, i) => (i % 2 ? `changed ${i}` : line));
    expect(diffLines(big, half)).toMatchObject({ added: 25_000, removed: 25_000 });
  });

  it('never cuts a surrogate pair in a sample', () => {
    const line = `${'a'.repeat(499)}😀 tail`;
    const diff = diffLines([], [line]);
    expect(diff.addedSamples[0]).toBe('a'.repeat(499));
  });
});

describe('structural similarity', () => {
  const files = readdirSync(corpus).filter((file) => file.endsWith('.html'));
  const pages = files.map((file) => ({
    site: site(file),
    tags: tagsOf(readFileSync(new URL(file, corpus), 'utf8')),
  }));

  it('is low between pages of different sites and about 0.8 for a page with a fifth removed', () => {
    const across: number[] = [];
    for (let i = 0; i < pages.length; i += 1) {
      for (let j = i + 1; j < pages.length; j += 1) {
        if (pages[i].site !== pages[j].site)
          across.push(similarityOf(sketchOf(pages[i].tags), sketchOf(pages[j].tags)));
      }
    }
    across.sort((a, b) => a - b);
    expect(across[Math.floor(across.length / 2)]).toBeLessThan(0.1);
    expect(across[Math.floor(across.length * 0.95)]).toBeLessThan(0.25);
    const edited = pages.map(({ tags }) => {
      const at = Math.floor(tags.length * 0.4);
      return similarityOf(
        sketchOf(tags),
        sketchOf([...tags.slice(0, at), ...tags.slice(at + Math.floor(tags.length / 5))]),
      );
    });
    edited.sort((a, b) => a - b);
    expect(edited[0]).toBeGreaterThan(0.6);
    expect(edited[Math.floor(edited.length / 2)]).toBeGreaterThan(0.7);
    expect(edited[Math.floor(edited.length / 2)]).toBeLessThan(0.9);
    // Every edited page stays far above every pair of different sites.
    expect(edited[0]).toBeGreaterThan(across[Math.floor(across.length * 0.95)] * 2);
  });

  it('is 1 for the same structure and survives the trip through the baseline', () => {
    const sketch = sketchOf(pages[0].tags);
    expect(similarityOf(sketch, sketchOf([...pages[0].tags]))).toBe(1);
    const stored = Buffer.from(encodeSketch(sketch), 'base64');
    expect(stored.length).toBe(sketch.length * 4);
  });
});

describe('capture and comparison', () => {
  const html = (price: string) =>
    `<html><body><nav>Home</nav><main><h1>Grinder</h1><p id="price">${price}</p><script>var t=${Date.now()}</script></main></body></html>`;

  it('hashes the visible text in order: markup churn is no change, a swapped digit is', () => {
    const page = { kind: 'html' as const, finalUrl: 'https://shop.example/', body: html('$19.99') };
    const a = captureBody(page, undefined);
    const b = captureBody(
      { ...page, body: html('$19.99').replace('<main>', '<main class="v2" data-x="1">') },
      undefined,
    );
    const c = captureBody({ ...page, body: html('$91.99') }, undefined);
    expect(a.contentHash).toBe(b.contentHash);
    expect(a.contentHash).not.toBe(c.contentHash);
    expect(a.lines).toEqual(['Home', 'Grinder', '$19.99']);
    expect(captureBody(page, '#price').lines).toEqual(['$19.99']);
  });

  it('refuses a selector on a page that is not HTML', () => {
    expect(() =>
      captureBody({ kind: 'json', finalUrl: 'https://api.example/', body: '{"a":1}' }, '#x'),
    ).toThrow(/applies to HTML/);
    const json = captureBody(
      { kind: 'json', finalUrl: 'https://api.example/', body: '{\n  "a": 1\n}\n' },
      undefined,
    );
    expect(json.lines).toEqual(['{', '"a": 1', '}']);
  });

  it('gives new, unchanged and changed with the fields of docs/reference/monitors.md#checks-and-pages', () => {
    const lines = linesOf('one\ntwo\n\n  three  ');
    expect(lines).toEqual(['one', 'two', 'three']);
    const capture = { lines, contentHash: hashLines(lines), structure: sketchOf(['p', 'p', 'p']) };
    expect(compareWithBaseline(capture, null).status).toBe('new');
    const baseline = {
      contentHash: capture.contentHash,
      content: lines.join('\n'),
      structure: encodeSketch(capture.structure),
    };
    expect(compareWithBaseline(capture, baseline)).toMatchObject({ status: 'unchanged', added_count: 0 });
    const edited = ['one', 'TWO', 'three', 'four'];
    const changed = compareWithBaseline(
      { lines: edited, contentHash: hashLines(edited), structure: sketchOf(['p', 'p', 'p', 'p']) },
      baseline,
    );
    expect(changed).toMatchObject({
      status: 'changed',
      added_count: 2,
      removed_count: 1,
      added_samples: ['TWO', 'four'],
      removed_samples: ['two'],
      change_percent: 42.86,
    });
    expect(changed.structural_similarity).toBeGreaterThanOrEqual(0);
    expect(changed.structural_similarity).toBeLessThanOrEqual(1);
  });
});
