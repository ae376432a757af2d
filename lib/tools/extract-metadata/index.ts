import { z } from '@hono/zod-openapi';
import { countWords } from '../../analysis/words.js';
import type { PageMetadata } from '../../extract/metadata/index.js';
import { isMarkdownDocument, markdownHeadline } from '../../extract/metadata/markdown-headline.js';
import { PageDocument } from '../../extract/page-document.js';
import type { FetchedPage } from '../../fetch/types.js';
import { defineTool } from '../define.js';
import { loadPageSource } from '../shared/page-source.js';
import { fetchTimeout, httpUrl, requireOneOf, respectRobots, suppliedHtml } from '../shared/params.js';
import { extractMetadataResult } from '../shared/result-schemas/extract-metadata.js';

const schema = z
  .object({
    url: httpUrl(
      'Page to read. One of `url` or `html` is required; with both, `html` is read and `url` is only the ' +
        'address its relative URLs (canonical, favicon, image) resolve against.',
      'https://example.com/blog/launch',
    ).optional(),
    html: suppliedHtml(
      'HTML to read instead of fetching; never fetched, so robots.txt does not apply.',
      '<html lang="en"><head><title>Launch</title><meta name="author" content="Ada"></head></html>',
    ),
    timeout: fetchTimeout({ default: 15000 }),
    respect_robots: respectRobots,
  })
  .refine(...requireOneOf('url', 'html'));

type ExtractMetadataInput = z.output<typeof schema>;

/** Where the page came from; all null for `html` input (url keeps what was sent with it). */
interface Provenance {
  /** The URL asked for. */
  url: string | null;
  /** The URL answered after redirects. */
  final_url: string | null;
  status_code: number | null;
  /** MIME type of the response, without parameters. */
  content_type: string | null;
}

export type ExtractMetadataData = Provenance &
  PageMetadata & {
    /** Words of the visible text of the whole page. */
    word_count: number;
  };

const NO_METADATA: PageMetadata = {
  title: null,
  description: null,
  canonical_url: null,
  language: null,
  author: null,
  published_time: null,
  modified_time: null,
  site_name: null,
  favicon: null,
  image: null,
  keywords: [],
  robots: null,
  open_graph: {},
  twitter: {},
  json_ld: [],
};

export const extractMetadataTool = defineTool({
  name: 'extract_metadata',
  kind: 'pages',
  summary: "A page's metadata: title, description, canonical, language, author, dates, Open Graph, JSON-LD.",
  description:
    'Reads the metadata of a page (`url`) or of supplied `html`. `data`: `url`, `final_url`, `status_code`, ' +
    '`content_type` (null for html input); `title` (og:title, twitter:title, `<title>`, first `<h1>`); ' +
    '`description`; `canonical_url` (rel=canonical, else og:url; absolute); `language` (`<html lang>`, ' +
    'content-language, JSON-LD inLanguage); `author`; `published_time`, `modified_time` (article:* meta, ' +
    'JSON-LD, microdata, `<time datetime>`; as written); `site_name`; `favicon` (declared icon, else ' +
    '/favicon.ico; absolute); `image` (og:image, twitter:image, JSON-LD image; absolute); `keywords` ' +
    '(array); `robots` (the robots meta); `open_graph` (every og:* and article:* property by its full name, ' +
    'repeated ones as arrays); `twitter` (every twitter:* tag); `json_ld` (every parsed JSON-LD block, ' +
    'arrays spread, invalid blocks skipped); `word_count` (visible text of the whole page). A missing value ' +
    'is null (keywords, open_graph, twitter, json_ld: empty). A body that is not HTML has no metadata.',
  price: 1,
  // `html` wins when both are sent and is never fetched: read in-process at the firm price.
  chargesAfterRun: (input) => input.html !== undefined,
  basePrice: 1,
  schema,
  result: extractMetadataResult,
  example: { url: 'https://example.com/blog/launch' },
  async run(ctx, input): Promise<{ data: ExtractMetadataData }> {
    const source = await loadPageSource(ctx, input, {
      tool: 'extract_metadata',
      timeoutMs: input.timeout,
      respectRobots: input.respect_robots,
    });
    return { data: source.from === 'html' ? fromHtml(input, source.html) : fromPage(source.page) };
  },
});

function fromHtml(input: ExtractMetadataInput, html: string): ExtractMetadataData {
  const document = PageDocument.parse(html, input.url ?? '');
  return {
    url: input.url ?? null,
    final_url: null,
    status_code: null,
    content_type: null,
    ...document.metadata,
    word_count: countWords(document.text({ onlyMainContent: false })),
  };
}

function fromPage(page: FetchedPage): ExtractMetadataData {
  const provenance: Provenance = {
    url: page.requestedUrl,
    final_url: page.finalUrl,
    status_code: page.status,
    content_type: page.mimeType,
  };
  if (page.kind !== 'html' && page.kind !== 'xml') {
    const headline =
      page.kind === 'text' && isMarkdownDocument(page.mimeType, page.finalUrl)
        ? markdownHeadline(page.body)
        : {};
    return { ...provenance, ...NO_METADATA, ...headline, word_count: countWords(page.body) };
  }
  const document = PageDocument.parse(page.body, page.finalUrl);
  return {
    ...provenance,
    ...document.metadata,
    word_count: countWords(document.text({ onlyMainContent: false })),
  };
}
