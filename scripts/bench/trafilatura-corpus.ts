import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { decodeBody } from '../../lib/fetch/decode-body.js';

export const TRAFILATURA_DEV = fileURLToPath(
  new URL('../../test/fixtures/corpus/trafilatura-dev/', import.meta.url),
);

export interface AnnotatedPage {
  file: string;
  url: string;
  html: string;
  /** Bytes of the page as served. */
  bytes: number;
  /** Segments that must appear in the main text, and boilerplate that must not. */
  with: string[];
  without: string[];
}

/**
 * The 200 annotated pages of the development corpus (test/fixtures/corpus/trafilatura-dev), decoded
 * the way the fetcher decodes a page that came with no charset header.
 */
export function loadTrafilaturaCorpus(): AnnotatedPage[] {
  const annotations = JSON.parse(readFileSync(join(TRAFILATURA_DEV, 'evaldata-dev.json'), 'utf8')) as Record<
    string,
    { file: string; with?: string[]; without?: string[] }
  >;
  return Object.entries(annotations).map(([url, entry]) => {
    const bytes = gunzipSync(readFileSync(join(TRAFILATURA_DEV, 'html', `${entry.file}.gz`)));
    return {
      file: entry.file,
      url,
      html: decodeBody(bytes, 'html', null).text,
      bytes: bytes.byteLength,
      with: entry.with ?? [],
      without: entry.without ?? [],
    };
  });
}
