import { z } from '@hono/zod-openapi';
import { PageDocument } from '../../extract/page-document.js';
import { type RedactionBlock, redactPiiSchema } from '../../extract/redact.js';
import type { FetchedPage } from '../../fetch/types.js';
import { defineTool } from '../define.js';
import { fetchForTool } from '../shared/fetch-for-tool.js';
import { fetchTimeout, httpUrl, maxInlineChars, respectRobots } from '../shared/params.js';
import { keptRedaction, withRedaction } from '../shared/redaction.js';
import { outgoingHeaders, requestHeadersSchema, visibleResponseHeaders } from './request-headers.js';
import { fetchUrlResult } from './result-schema.js';

const FORMATS = ['html', 'text', 'markdown'] as const;
type Format = (typeof FORMATS)[number];

const schema = z.object({
  url: httpUrl('Address to fetch.', 'https://example.com/pricing'),
  format: z
    .enum(FORMATS)
    .default('html')
    .openapi({
      description:
        '`html`: the body as served, decoded to UTF-8. `text`: the visible text of the whole page. ' +
        '`markdown`: the whole page as GFM markdown, links and images absolute. Nothing is removed as ' +
        'navigation or boilerplate (use scrape or extract_content for the main content). A body that is ' +
        'not HTML (plain text, JSON, XML) is returned as served in every format.',
      example: 'html',
    }),
  headers: requestHeadersSchema,
  timeout: fetchTimeout({ default: 15000 }),
  respect_robots: respectRobots,
  max_inline_chars: maxInlineChars,
  redact_pii: redactPiiSchema,
});

export interface FetchUrlData {
  /** The URL asked for. */
  url: string;
  /** The URL that answered, after redirects. */
  final_url: string;
  status_code: number;
  /** MIME type of the response without parameters; null when the server sent none. */
  content_type: string | null;
  /** The encoding the body was decoded from (WHATWG name): header, BOM or `<meta charset>`, else sniffed. */
  charset: string;
  /** Body size in bytes after content decoding (gzip, br), before charset decoding. */
  bytes: number;
  /** Each URL a redirect led to, in order; the last is `final_url`. */
  redirects: string[];
  /** Response headers, names lower-cased; Set-Cookie left out. */
  headers: Record<string, string>;
  content: string;
  format: Format;
  fetched_at: string;
  redaction?: RedactionBlock;
}

export const fetchUrlTool = defineTool({
  name: 'fetch_url',
  kind: 'pages',
  summary:
    'One page fetched raw: the body as served (or its text or markdown) with status, headers and redirects.',
  description:
    "Fetches a URL once through the service's guarded fetcher and returns what came back: `url`, `final_url`, " +
    '`status_code`, `content_type`, `charset`, `bytes`, `redirects`, `headers` (lower-cased, Set-Cookie left ' +
    'out), `content` in the requested `format`, `format` and `fetched_at`. Redirects are followed (at most 5, ' +
    'each hop checked against robots.txt and the address rules). Bot walls, target errors (404, 5xx…) and ' +
    'binaries answer the usual errors (BLOCKED, UPSTREAM_HTTP, 415 UNSUPPORTED_CONTENT_TYPE), uncharged; a ' +
    'JSON body is returned as served with a warning.',
  price: 1,
  basePrice: 1,
  schema,
  result: fetchUrlResult,
  example: {
    url: 'https://example.com/pricing',
    format: 'markdown',
    headers: { 'Accept-Language': 'en-GB' },
  },
  async run(ctx, input): Promise<{ data: FetchUrlData }> {
    const { headers, userAgent } = outgoingHeaders(input.headers);
    const { page } = await fetchForTool(ctx, input.url, {
      tool: 'fetch_url',
      timeoutMs: input.timeout,
      respectRobots: input.respect_robots,
      headers,
      userAgent,
      // The page as served: a 3xx is the fetcher's to follow, but a refresh is part of the body asked for.
      followRefresh: false,
    });
    const data: FetchUrlData = {
      url: page.requestedUrl,
      final_url: page.finalUrl,
      status_code: page.status,
      content_type: page.mimeType,
      charset: page.charset,
      bytes: page.bytes,
      redirects: page.redirects,
      headers: visibleResponseHeaders(page.headers),
      content: contentIn(page, input.format),
      format: input.format,
      fetched_at: new Date().toISOString(),
    };
    return { data: withRedaction(data, input.redact_pii) };
  },
  keepWhenStored: (data) => ({
    url: data.url,
    final_url: data.final_url,
    status_code: data.status_code,
    content_type: data.content_type,
    charset: data.charset,
    bytes: data.bytes,
    format: data.format,
    ...keptRedaction(data),
  }),
});

function contentIn(page: FetchedPage, format: Format): string {
  if (format === 'html' || page.kind !== 'html') return page.body;
  const document = PageDocument.parse(page.body, page.finalUrl);
  return format === 'text'
    ? document.text({ onlyMainContent: false })
    : document.markdown({ onlyMainContent: false });
}
