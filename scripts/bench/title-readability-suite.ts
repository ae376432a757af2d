import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PageDocument } from '../../lib/extract/index.js';
import { normaliseTitle } from '../../test/extract/title-corpus.js';

/**
 * Title accuracy on Readability.js's own test pages (test/test-pages/<name>/source.html with the
 * title in expected-metadata.json), a third check beside the two development corpora: its
 * annotators keep a site name when Readability's rules do, so a rule that strips too eagerly shows
 * here first. The pages are Mozilla's, not ours, and are not in the repository: point
 * READABILITY_TEST_PAGES at a checkout's test/test-pages folder. Without it the bench says so and
 * does nothing. Readability runs its tests at this address; we do the same.
 */
const TEST_ADDRESS = 'http://fakehost/test/page.html';

interface SuitePage {
  name: string;
  html: string;
  expected: string;
}

function suitePages(folder: string): SuitePage[] {
  const pages: SuitePage[] = [];
  for (const name of readdirSync(folder).sort()) {
    const source = join(folder, name, 'source.html');
    const metadata = join(folder, name, 'expected-metadata.json');
    if (!existsSync(source) || !existsSync(metadata)) continue;
    const expected = (JSON.parse(readFileSync(metadata, 'utf8')) as { title?: string | null }).title;
    if (!expected?.trim()) continue;
    pages.push({ name, html: readFileSync(source, 'utf8'), expected });
  }
  return pages;
}

export function runTitleReadabilitySuite(options: { detail?: boolean } = {}): void {
  const folder = process.env.READABILITY_TEST_PAGES;
  if (!folder || !existsSync(folder)) {
    console.log('\nReadability.js test pages: skipped (set READABILITY_TEST_PAGES to its test/test-pages)');
    return;
  }
  const pages = suitePages(folder);
  let hits = 0;
  const misses: string[] = [];
  for (const page of pages) {
    const title = PageDocument.parse(page.html, TEST_ADDRESS).metadata.title;
    if (title !== null && normaliseTitle(title) === normaliseTitle(page.expected)) hits += 1;
    else misses.push(`  ${page.name}\n    want: ${page.expected}\n    got:  ${title}`);
  }
  const share = pages.length === 0 ? 0 : (100 * hits) / pages.length;
  console.log(`\nReadability.js test pages: ${hits}/${pages.length} titles right (${share.toFixed(1)}%)`);
  if (options.detail) for (const miss of misses) console.log(miss);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runTitleReadabilitySuite({ detail: process.argv.includes('--detail') });
}
