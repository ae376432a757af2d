import { countWords } from '../../analysis/words.js';
import type { PageDocument } from '../../extract/page-document.js';
import type { FetchedPage } from '../../fetch/types.js';
import { type ApiEndpoint, apiCandidates } from './api-endpoints.js';

/** What llms.txt needs of one page, read while the page is parsed (the page itself is not kept). */
export interface PageFacts {
  url: string;
  title: string | null;
  description: string | null;
  siteName: string | null;
  headings: string[];
  /** Main content as markdown; only when llms-full.txt is wanted. */
  markdown: string | null;
  words: number;
  language: string | null;
  /** meta robots or X-Robots-Tag says noindex, or opts out of AI use (noai). */
  optedOut: boolean;
  apiEndpoints: ApiEndpoint[];
  headers: Record<string, string>;
}

const MAX_HEADINGS = 6;

export function readPageFacts(
  page: FetchedPage,
  document: PageDocument | null,
  want: { markdown: boolean; apis: boolean },
): PageFacts | null {
  if (!document || page.status < 200 || page.status > 299) return null;
  const metadata = document.metadata;
  const text = document.text({ onlyMainContent: true, clean: true });
  const robots = `${metadata.robots ?? ''} ${page.headers['x-robots-tag'] ?? ''}`.toLowerCase();
  const headings = document
    .$('h2')
    .toArray()
    .map((el) => document.$(el).text().replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .slice(0, MAX_HEADINGS);
  const links = document
    .links({ include_anchors: false, include_metadata: false })
    .links.flatMap((link) => (link.href ? [link.href] : []));
  return {
    url: page.finalUrl,
    title: metadata.title,
    description: metadata.description,
    siteName: metadata.site_name,
    headings,
    markdown: want.markdown ? document.markdown({ onlyMainContent: true }) : null,
    words: countWords(text),
    language: document.htmlLang ?? metadata.language,
    optedOut: /\b(noindex|noai|noimageai)\b/.test(robots),
    apiEndpoints: want.apis ? apiCandidates(page.finalUrl, links, text) : [],
    headers: page.headers,
  };
}
