import { z } from '@hono/zod-openapi';
import { collectImages } from '../../extract/images.js';
import { PageDocument } from '../../extract/page-document.js';
import { type RedactionBlock, redactPiiSchema } from '../../extract/redact.js';
import type { FetchedPage } from '../../fetch/types.js';
import type { Element } from '../../html/dom.js';
import { defineTool } from '../define.js';
import { fetchForTool } from '../shared/fetch-for-tool.js';
import { fetchTimeout, httpUrl, maxInlineChars, respectRobots } from '../shared/params.js';
import { keptRedaction, withRedaction } from '../shared/redaction.js';
import { extractContentResult } from './result-schema.js';

const schema = z.object({
  url: httpUrl('Page whose content is extracted.', 'https://example.com/blog/launch'),
  include_images: z
    .boolean()
    .default(true)
    .openapi({
      description:
        'Fill `images` with the absolute http(s) URLs of the images inside the extracted element (document ' +
        'order, each once) and `image_count`. false: `images` is [] and `image_count` 0.',
      example: true,
    }),
  include_links: z
    .boolean()
    .default(false)
    .openapi({
      description:
        'Fill `links` with `{href, text}` for the links inside the extracted element (href absolute; mailto: ' +
        'and tel: as written; same-page anchors and javascript: links left out; repeats of one destination ' +
        'listed once) and `link_count`. false: `links` is [] and `link_count` 0.',
      example: false,
    }),
  clean_html: z
    .boolean()
    .default(true)
    .openapi({
      description:
        'true: `content` is plain text (paragraphs separated by a blank line, list items bulleted), ' +
        '`content_type: "text"`. false: `content` is the inner HTML of the element as the page wrote it, ' +
        '`content_type: "html"`.',
      example: true,
    }),
  extract_main_content: z
    .boolean()
    .default(true)
    .openapi({
      description:
        'true: read the first of `<article>`, `<main>`, `.content`, `#content` that holds text, falling back ' +
        'to `<body>`. false: read the whole `<body>`.',
      example: true,
    }),
  timeout: fetchTimeout({ default: 10000 }),
  respect_robots: respectRobots,
  max_inline_chars: maxInlineChars,
  redact_pii: redactPiiSchema,
});

export interface ContentLink {
  href: string;
  text: string;
}

export interface ExtractContentData {
  url: string;
  content: string;
  /** Characters of `content` before redaction. */
  content_length: number;
  content_type: 'text' | 'html';
  title: string | null;
  author: string | null;
  publish_date: string | null;
  images: string[];
  image_count: number;
  links: ContentLink[];
  link_count: number;
  redaction?: RedactionBlock;
}

type ExtractContentInput = z.output<typeof schema>;

export const extractContentTool = defineTool({
  name: 'extract_content',
  kind: 'pages',
  summary: "A page's main content as plain text or HTML, with its title, author, date, images and links.",
  description:
    'Fetches a page and reads its content element: the first of `<article>`, `<main>`, `.content`, ' +
    '`#content` that holds text, else `<body>` (or always `<body>` with `extract_main_content: false`). ' +
    'Returns it as plain text or as its inner HTML, with the page title, the author (`<meta name="author">`, ' +
    'else the byline the page declares in article:author, JSON-LD or rel="author"), the publish date ' +
    '(`article:published_time`, else the JSON-LD or microdata date), and the images and links inside the ' +
    'element. `images`, `image_count`, `links` and `link_count` are always present: [] and 0 when their ' +
    'include flag is off. A body that is not HTML (plain text, JSON) is returned whole as text.',
  price: 2,
  basePrice: 2,
  schema,
  result: extractContentResult,
  example: { url: 'https://example.com/blog/launch', include_links: true },
  async run(ctx, input): Promise<{ data: ExtractContentData }> {
    const { page } = await fetchForTool(ctx, input.url, {
      tool: 'extract_content',
      timeoutMs: input.timeout,
      respectRobots: input.respect_robots,
    });
    const data = page.kind === 'html' || page.kind === 'xml' ? fromDocument(page, input) : fromText(page);
    return { data: withRedaction(data, input.redact_pii) };
  },
  keepWhenStored: (data) => ({
    url: data.url,
    content_length: data.content_length,
    content_type: data.content_type,
    title: data.title,
    image_count: data.image_count,
    link_count: data.link_count,
    ...keptRedaction(data),
  }),
});

function fromDocument(page: FetchedPage, input: ExtractContentInput): ExtractContentData {
  const document = PageDocument.parse(page.body, page.finalUrl);
  const element = input.extract_main_content ? document.contentElement().element : bodyOf(document);
  const content = input.clean_html
    ? document.elementText(element, { clean: true, preserve_formatting: true })
    : document.innerHtml(element);
  const images = input.include_images ? collectImages([element], document.baseUrl) : [];
  const links = input.include_links ? contentLinks(document, element) : [];
  const { title, author, published_time } = document.metadata;
  return {
    url: page.finalUrl,
    content,
    content_length: content.length,
    content_type: input.clean_html ? 'text' : 'html',
    title,
    author,
    publish_date: published_time,
    images,
    image_count: images.length,
    links,
    link_count: links.length,
  };
}

/** A text or JSON body has no elements to choose from: all of it is the content. */
function fromText(page: FetchedPage): ExtractContentData {
  return {
    url: page.finalUrl,
    content: page.body,
    content_length: page.body.length,
    content_type: 'text',
    title: null,
    author: null,
    publish_date: null,
    images: [],
    image_count: 0,
    links: [],
    link_count: 0,
  };
}

function bodyOf(document: PageDocument): Element {
  const body = document.$('body').first()[0] ?? document.$.root().children().first()[0];
  return body as Element;
}

/** A link without a destination a reader can follow (javascript:, data:) says nothing about the content. */
function contentLinks(document: PageDocument, element: Element): ContentLink[] {
  const { links } = document.links(
    { include_anchors: false, deduplicate: true, include_metadata: false },
    element,
  );
  return links.flatMap((link) => (link.href === null ? [] : [{ href: link.href, text: link.text }]));
}
