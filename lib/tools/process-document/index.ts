import { type DocumentType, detectDocumentType } from '../../documents/sniff.js';
import { ApiError } from '../../errors/api-error.js';
import type { RedactionBlock } from '../../extract/redact.js';
import { defineTool } from '../define.js';
import { fetchEnvironment } from '../shared/fetch-for-tool.js';
import { keptRedaction, withRedaction } from '../shared/redaction.js';
import { downloadDocument } from './download.js';
import { type DocumentReading, readDocument } from './read-document.js';
import { processDocumentResult } from './result-schema.js';
import { processDocumentSchema } from './schema.js';

/** The hosted function's window is ~30 s: reading stops in time to answer whatever `timeout` says. */
const FUNCTION_BUDGET_MS = 26_000;

export const IMAGES_NOTE =
  'Images are not extracted by the hosted service (images: null); the self-hosted MCP server returns them';

interface ProcessDocumentData extends DocumentReading {
  url: string;
  document_type: DocumentType;
  content_type: string | null;
  file_size: number;
  processed_at: string;
  text_length: number | null;
  images: null;
  redaction?: RedactionBlock;
}

function unsupportedOffice(type: 'docx' | 'xlsx', url: string): ApiError {
  return new ApiError(
    'UNSUPPORTED_DOCUMENT_TYPE',
    `${type} documents are read only by the self-hosted server, not the hosted service (${url})`,
    { extra: { document_type: type } },
  );
}

export const processDocumentTool = defineTool({
  name: 'process_document',
  kind: 'sites',
  summary: 'Text, metadata and tables of a PDF, CSV, text or HTML document at a URL.',
  description:
    'Downloads a document (25 MB at most, within 20 s) and reads it by its type, detected from the ' +
    'Content-Type, the extension and the first bytes: PDF text of the first 200 pages (200,000 characters at ' +
    'most, with `pages_read`), its embedded metadata, and tables found from text positions; a CSV as one ' +
    "table; plain text; an HTML page's text and metadata. No OCR. docx and xlsx answer 501; corrupt or " +
    'encrypted PDFs 500 TOOL_ERROR.',
  price: 2,
  basePrice: 2,
  runtimePackages: ['unpdf'],
  schema: processDocumentSchema,
  result: processDocumentResult,
  example: { url: 'https://example.com/reports/annual.pdf', extract_tables: true },
  async run(ctx, input): Promise<{ data: ProcessDocumentData }> {
    const started = Date.now();
    if (input.document_type === 'docx' || input.document_type === 'xlsx') {
      throw unsupportedOffice(input.document_type, input.url);
    }
    const document = await downloadDocument(fetchEnvironment(ctx), input.url, {
      timeoutMs: input.timeout,
      respectRobots: input.respect_robots,
    });
    const detected =
      input.document_type === 'auto'
        ? detectDocumentType({ mimeType: document.mimeType, url: document.finalUrl, bytes: document.raw })
        : { type: input.document_type };
    if (detected.type === 'unsupported') {
      throw new ApiError(
        'UNSUPPORTED_DOCUMENT_TYPE',
        `${document.finalUrl} is ${detected.what}: process_document reads PDF, CSV, text and HTML (no OCR)`,
      );
    }
    if (detected.type === 'docx' || detected.type === 'xlsx')
      throw unsupportedOffice(detected.type, input.url);

    const deadline = started + Math.min(input.timeout, FUNCTION_BUDGET_MS);
    const reading = await readDocument(
      detected.type,
      { bytes: document.raw, charset: document.charset || null, url: document.finalUrl },
      input,
      deadline,
    );
    if (input.extract_images) reading.notes.push(IMAGES_NOTE);
    const data: ProcessDocumentData = {
      url: document.finalUrl,
      document_type: detected.type,
      content_type: document.mimeType,
      file_size: document.raw.byteLength,
      processed_at: new Date().toISOString(),
      page_count: reading.page_count,
      pages_read: reading.pages_read,
      text: reading.text,
      text_length: reading.text === null ? null : reading.text.length,
      metadata: reading.metadata,
      tables: reading.tables,
      images: null,
      notes: reading.notes,
    };
    return { data: withRedaction(data, input.redact_pii) };
  },
  keepWhenStored: (data) => ({
    url: data.url,
    document_type: data.document_type,
    content_type: data.content_type,
    file_size: data.file_size,
    processed_at: data.processed_at,
    page_count: data.page_count,
    pages_read: data.pages_read,
    text_length: data.text_length,
    ...keptRedaction(data),
  }),
});
