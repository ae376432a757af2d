import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TRAFILATURA_DEV } from '../../scripts/bench/trafilatura-corpus.js';
import { loadModernWebCorpus, MODERN_WEB_DEV, modernWebCorpusPresent } from './modern-web-corpus.js';
import { loadSegmentCorpus } from './segment-corpus.js';

/**
 * The annotated titles of both development corpora (modern-web's ground-truth.json, trafilatura's
 * evaldata-dev.json), each page with its held-out flag (the main-content bench's hash rule).
 */

export interface TitledPage {
  id: string;
  url: string;
  html: string;
  expected: string;
  heldOut: boolean;
}

/**
 * Titles compared as a reader compares them: case, runs of whitespace and the kind of quotation
 * mark or dash do not make a title wrong.
 */
export function normaliseTitle(title: string): string {
  return title
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u201a\u201b\u2032`´]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033«»„]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

export function modernWebTitledPages(): TitledPage[] {
  if (!modernWebCorpusPresent()) return [];
  const truth = JSON.parse(readFileSync(join(MODERN_WEB_DEV, 'ground-truth.json'), 'utf8')) as Record<
    string,
    { title?: string }
  >;
  return loadModernWebCorpus((id) => !!truth[id].title?.trim()).map((page) => ({
    id: page.id,
    url: page.url,
    html: page.html,
    expected: truth[page.id].title ?? '',
    heldOut: page.heldOut,
  }));
}

export function trafilaturaTitledPages(): TitledPage[] {
  const truth = JSON.parse(readFileSync(join(TRAFILATURA_DEV, 'evaldata-dev.json'), 'utf8')) as Record<
    string,
    { title?: string }
  >;
  return loadSegmentCorpus()
    .filter((page) => !!truth[page.url]?.title?.trim())
    .map((page) => ({
      id: page.file,
      url: page.url,
      html: page.html,
      expected: truth[page.url].title ?? '',
      heldOut: page.heldOut,
    }));
}
