import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processDocumentTool } from '../../lib/tools/process-document/index.js';
import { tinyPdf, utf16beWithMark } from '../support/tiny-pdf.js';
import { respond, startToolSite, type ToolSite } from '../support/tool-site.js';

const HOST = 'strings.test';
const PDF = { 'content-type': 'application/pdf' };
const JAPANESE_TITLE = 'Microsoft Word - トランスバース社買収電話会議英語Final.docx';
const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'utf8') : Buffer.from(part))),
  );

let site: ToolSite;

beforeAll(async () => {
  site = await startToolSite({
    host: HOST,
    tools: [processDocumentTool],
    routes: {
      '/utf16.pdf': respond(
        200,
        PDF,
        tinyPdf({
          Title: utf16beWithMark(JAPANESE_TITLE),
          // PDFDocEncoding: é is E9, 0x84 an em dash, 0x93 the fi ligature.
          Author: bytes('Caf', [0xe9, 0x20, 0x84, 0x20, 0x93], 'le'),
          Producer: bytes('Skia/PDF m120'),
        }),
      ),
      '/utf8-marked.pdf': respond(
        200,
        PDF,
        tinyPdf({ Title: bytes([0xef, 0xbb, 0xbf], 'Hafenbericht – Überblick 港湾') }, '2.0'),
      ),
      // What many producers write: UTF-8 with no mark, which pdf.js reads as PDFDocEncoding.
      '/utf8-unmarked.pdf': respond(200, PDF, tinyPdf({ Title: bytes(JAPANESE_TITLE) })),
    },
  });
});
afterAll(() => site?.close());

async function metadataOf(path: string) {
  const account = await site.harness.account({ credits: 20 });
  const res = await site.harness.tool(
    'process_document',
    { url: site.url(path), extract_text: false },
    account.key,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.metadata;
}

describe('process_document: PDF text strings', () => {
  it('decodes a UTF-16BE title with its byte-order mark, and PDFDocEncoding otherwise', async () => {
    expect(await metadataOf('/utf16.pdf')).toMatchObject({
      title: JAPANESE_TITLE,
      author: 'Café — ﬁle',
      producer: 'Skia/PDF m120',
      subject: null,
    });
  });

  it('decodes UTF-8 with its mark (PDF 2.0)', async () => {
    expect((await metadataOf('/utf8-marked.pdf')).title).toBe('Hafenbericht – Überblick 港湾');
  });

  it('reads unmarked UTF-8 as UTF-8 rather than as PDFDocEncoding mojibake', async () => {
    const { title } = await metadataOf('/utf8-unmarked.pdf');
    expect(title).toBe(JAPANESE_TITLE);
    expect(title).not.toContain('ã…');
  });
});
