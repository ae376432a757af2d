import { pathToFileURL } from 'node:url';
import { load } from 'cheerio/slim';
import { PageDocument } from '../../lib/extract/index.js';
import {
  modernWebTitledPages,
  normaliseTitle,
  type TitledPage,
  trafilaturaTitledPages,
} from '../../test/extract/title-corpus.js';
import { runTitleReadabilitySuite } from './title-readability-suite.js';

type PickTitle = (page: TitledPage) => string | null;

const ours: PickTitle = (page) => PageDocument.parse(page.html, page.url).metadata.title;

/** The baseline: the document's <title> as written. */
const rawTitle: PickTitle = (page) => {
  const $ = load(page.html);
  return $('head title').first().text() || $('title').first().text() || null;
};

interface TitleRow {
  page: TitledPage;
  ours: string | null;
  raw: string | null;
}

const right = (got: string | null, page: TitledPage) =>
  got !== null && normaliseTitle(got) === normaliseTitle(page.expected);

function percent(rows: readonly TitleRow[], pick: (row: TitleRow) => string | null): string {
  if (rows.length === 0) return '   -  ';
  const hits = rows.filter((row) => right(pick(row), row.page)).length;
  return `${((100 * hits) / rows.length).toFixed(1).padStart(5)}%`;
}

function printCorpus(name: string, pages: TitledPage[], detail: boolean): TitleRow[] {
  const rows = pages.map((page) => ({ page, ours: ours(page), raw: rawTitle(page) }));
  const parts: [string, TitleRow[]][] = [
    ['all', rows],
    ['development two thirds', rows.filter((row) => !row.page.heldOut)],
    ['held-out third', rows.filter((row) => row.page.heldOut)],
  ];
  for (const [label, subset] of parts)
    console.log(
      `${`${name}, ${label}`.padEnd(44)} ${String(subset.length).padStart(5)} ${percent(subset, (row) => row.ours).padStart(8)} ${percent(subset, (row) => row.raw).padStart(8)}`,
    );
  if (detail)
    for (const row of rows.filter((r) => !right(r.ours, r.page)))
      console.log(
        `  ${row.page.heldOut ? '[held out] ' : ''}${row.page.id}\n    want: ${row.page.expected}\n    got:  ${row.ours}\n    raw:  ${row.raw?.replace(/\s+/g, ' ').trim()}`,
      );
  return rows;
}

/**
 * Title accuracy of `extract_metadata` (the title every page tool returns) on the two development
 * corpora that annotate one, beside the raw <title> in the same run: exact match after normalising
 * whitespace, case, quotation marks and dashes; the tuning two thirds and the held-out third split
 * by the hash rule of the main-content bench. Then Readability.js's test pages, when
 * READABILITY_TEST_PAGES points at them.
 */
export function runTitleQuality(options: { detail?: boolean } = {}): void {
  console.log('\nTitles: exact match after normalising whitespace, case, quotes and dashes');
  console.log(
    `${'corpus, pages'.padEnd(44)} ${'pages'.padStart(5)} ${'ours'.padStart(8)} ${'<title>'.padStart(8)}`,
  );
  const modern = modernWebTitledPages();
  if (modern.length === 0)
    console.log('modern-web dev corpus not found beside the repository (../shared/corpus)');
  else printCorpus('modern-web dev (2026)', modern, options.detail ?? false);
  printCorpus('trafilatura dev', trafilaturaTitledPages(), options.detail ?? false);
  runTitleReadabilitySuite(options);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runTitleQuality({ detail: process.argv.includes('--detail') });
}
