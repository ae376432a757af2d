import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { decodeBody } from '../../lib/fetch/decode-body.js';
import { isHeldOut } from './segment-corpus.js';

/**
 * The modern-web development corpus: 520 pages of 2026 (articles, docs, product, service and
 * corporate pages, forums) with annotated main text, kept beside the repository in
 * `../shared/corpus/modern-web-dev/` (CI checks a copy of `shared/` out next to the clone).
 */
export const MODERN_WEB_DEV = fileURLToPath(
  new URL('../../../shared/corpus/modern-web-dev/', import.meta.url),
);

export interface ModernWebPage {
  id: string;
  /** The page's canonical or og:url address, or a stand-in when it names none. */
  url: string;
  html: string;
  expected: string;
  /** In the fixed third kept out of tuning (same hash rule as the trafilatura corpus). */
  heldOut: boolean;
}

function pageUrl(id: string, html: string): string {
  const canonical =
    /<link[^>]+rel=["']?canonical["']?[^>]*href=["']([^"']+)["']/i.exec(html) ??
    /<meta[^>]+property=["']og:url["'][^>]*content=["']([^"']+)["']/i.exec(html);
  const candidate = canonical?.[1];
  if (candidate && /^https?:\/\//i.test(candidate)) return candidate;
  return `https://page-${id}.example/`;
}

export function modernWebCorpusPresent(): boolean {
  return existsSync(join(MODERN_WEB_DEV, 'ground-truth.json'));
}

/** The pages in id order, each decoded as the fetcher decodes a page served without a charset. */
export function loadModernWebCorpus(filter: (id: string) => boolean = () => true): ModernWebPage[] {
  const truth = JSON.parse(readFileSync(join(MODERN_WEB_DEV, 'ground-truth.json'), 'utf8')) as Record<
    string,
    { articleBody: string }
  >;
  const files = new Set(readdirSync(join(MODERN_WEB_DEV, 'html')));
  return Object.keys(truth)
    .sort()
    .filter((id) => files.has(`${id}.html.gz`) && filter(id))
    .map((id) => {
      const bytes = gunzipSync(readFileSync(join(MODERN_WEB_DEV, 'html', `${id}.html.gz`)));
      const html = decodeBody(bytes, 'html', null).text;
      return {
        id,
        url: pageUrl(id, html),
        html,
        expected: truth[id].articleBody,
        heldOut: isHeldOut(id),
      };
    });
}

/*
 * The corpus's own metric (its score.mjs, the scrapinghub article-extraction-benchmark's): multisets
 * of 4-word shingles, words as runs of letters, digits and `_` with case kept; per-page precision
 * and recall averaged over pages, an empty prediction left out of the precision mean; F1 of the means.
 */

function shingleCounts(text: string): Map<string, number> {
  const words = text.match(/[\p{L}\p{N}_]+/gu) ?? [];
  const out = new Map<string, number>();
  for (let i = 0; i < Math.max(1, words.length - 3); i++) {
    const shingle = words.slice(i, i + 4);
    if (shingle.length === 0) continue;
    const key = shingle.join(' ');
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}

export interface PageShingleScore {
  /** Undefined for an empty prediction. */
  precision: number | undefined;
  recall: number;
  f1: number;
  empty: boolean;
}

export function scoreModernWebPage(predicted: string, expected: string): PageShingleScore {
  const want = shingleCounts(expected);
  const got = shingleCounts(predicted);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const [key, n] of got) {
    const m = want.get(key) ?? 0;
    tp += Math.min(n, m);
    fp += Math.max(0, n - m);
  }
  for (const [key, m] of want) fn += Math.max(0, m - (got.get(key) ?? 0));
  const precision = tp + fp > 0 ? tp / (tp + fp) : undefined;
  const recall = tp + fn > 0 ? tp / (tp + fn) : 0;
  const p = precision ?? 0;
  return {
    precision,
    recall,
    f1: p + recall > 0 ? (2 * p * recall) / (p + recall) : 0,
    empty: got.size === 0,
  };
}

export interface ModernWebSummary {
  pages: number;
  f1: number;
  precision: number;
  recall: number;
  /** Pages whose own F1 is under 0.3 (catastrophic misses), and how many of them are empty. */
  under03: number;
  empty: number;
}

export function summariseModernWeb(scores: readonly PageShingleScore[]): ModernWebSummary {
  const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
  const precision = mean(scores.flatMap((s) => (s.precision === undefined ? [] : [s.precision])));
  const recall = mean(scores.map((s) => s.recall));
  return {
    pages: scores.length,
    precision,
    recall,
    f1: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0,
    under03: scores.filter((s) => s.f1 < 0.3).length,
    empty: scores.filter((s) => s.empty).length,
  };
}
