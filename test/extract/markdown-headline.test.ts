import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMarkdownDocument, markdownHeadline } from '../../lib/extract/metadata/markdown-headline.js';
import { extractMetadataTool } from '../../lib/tools/extract-metadata/index.js';
import { extractTextTool } from '../../lib/tools/extract-text/index.js';
import { scrapeTool } from '../../lib/tools/scrape/index.js';
import { respond, startToolSite, type ToolSite } from '../support/tool-site.js';

const LLMS_TXT = `# Tidewater API

> Tide tables, harbour schedules and water levels for 400 ports,
> as JSON over HTTPS.

## Docs

- [Quick start](https://tidewater.test/docs/start.md): first request in five minutes
`;

const GUIDE = `---
title: "Reading a tide table"
description: How the columns of a tide table are read.
sidebar_position: 2
---

# Tide tables

High and low water, in order, with heights in metres.
`;

describe('markdownHeadline', () => {
  it('reads front matter first, then the first level-one heading and the summary under it', () => {
    expect(markdownHeadline(GUIDE)).toEqual({
      title: 'Reading a tide table',
      description: 'How the columns of a tide table are read.',
    });
    expect(markdownHeadline(LLMS_TXT)).toEqual({
      title: 'Tidewater API',
      description: 'Tide tables, harbour schedules and water levels for 400 ports, as JSON over HTTPS.',
    });
    expect(markdownHeadline('Harbour hours\n=============\n\nOpen daily.')).toEqual({
      title: 'Harbour hours',
      description: null,
    });
  });

  it('skips headings inside code fences and level-two headings, and gives nothing for prose alone', () => {
    expect(markdownHeadline('```sh\n# not a title\n```\n## Section\n\n# Real title ##\n').title).toBe(
      'Real title',
    );
    expect(markdownHeadline('Just a paragraph of text.\nAnd another line.')).toEqual({
      title: null,
      description: null,
    });
  });

  it('knows Markdown by its type or by an address that names a Markdown file', () => {
    expect(isMarkdownDocument('text/markdown', 'https://a.test/docs/start')).toBe(true);
    expect(isMarkdownDocument('text/plain', 'https://a.test/docs/start.md')).toBe(true);
    expect(isMarkdownDocument('text/plain', 'https://a.test/llms.txt')).toBe(true);
    expect(isMarkdownDocument('text/plain', 'https://a.test/notes.txt')).toBe(false);
    expect(isMarkdownDocument(null, '')).toBe(false);
  });
});

describe('a Markdown document through the API', () => {
  let site: ToolSite;
  beforeAll(async () => {
    site = await startToolSite({
      host: 'tidewater.test',
      tools: [extractMetadataTool, extractTextTool, scrapeTool],
      routes: {
        '/llms.txt': respond(200, { 'content-type': 'text/plain; charset=utf-8' }, LLMS_TXT),
        '/docs/tides': respond(200, { 'content-type': 'text/markdown; charset=utf-8' }, GUIDE),
        '/notes.txt': respond(200, { 'content-type': 'text/plain' }, '# not a title in a text file\nnotes'),
      },
    });
  });
  afterAll(() => site?.close());

  it('gives its title and description in extract_metadata, extract_text and scrape', async () => {
    const account = await site.harness.account({ credits: 20 });
    const metadata = await site.harness.tool('extract_metadata', { url: site.url('/llms.txt') }, account.key);
    expect(metadata.status, JSON.stringify(metadata.body)).toBe(200);
    expect(metadata.body.data).toMatchObject({ title: 'Tidewater API', content_type: 'text/plain' });
    const text = await site.harness.tool('extract_text', { url: site.url('/docs/tides') }, account.key);
    expect(text.body.data.metadata).toMatchObject({
      title: 'Reading a tide table',
      description: 'How the columns of a tide table are read.',
    });
    const scrape = await site.harness.tool(
      'scrape',
      { url: site.url('/docs/tides'), formats: ['markdown', 'metadata'] },
      account.key,
    );
    expect(scrape.body.data.formats.metadata.title).toBe('Reading a tide table');
    const plain = await site.harness.tool('extract_metadata', { url: site.url('/notes.txt') }, account.key);
    expect(plain.body.data.title).toBeNull();
    expect(await account.balance()).toBe(20 - 1 - 1 - 2 - 1);
  });
});
