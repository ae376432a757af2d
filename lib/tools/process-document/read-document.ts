import { readCsvTable } from '../../documents/csv.js';
import { cutText, type DocumentTable, MAX_TEXT_CHARS } from '../../documents/limits.js';
import { type PdfMetadata, readPdf } from '../../documents/pdf/read-pdf.js';
import type { DocumentType } from '../../documents/sniff.js';
import { hasPdfHeader } from '../../documents/sniff.js';
import { ApiError } from '../../errors/api-error.js';
import { PageDocument } from '../../extract/page-document.js';
import { decodeBody } from '../../fetch/decode-body.js';
import type { ProcessDocumentInput } from './schema.js';

export interface HtmlMetadata {
  title: string | null;
  description: string | null;
  author: string | null;
}

export interface DocumentReading {
  page_count: number | null;
  pages_read: { start: number; end: number; count: number; total_pages: number } | null;
  text: string | null;
  metadata: PdfMetadata | HtmlMetadata | null;
  tables: DocumentTable[] | null;
  notes: string[];
}

export const HTML_TABLES_NOTE =
  'Tables of HTML pages are not extracted here: use scrape (markdown keeps them) or scrape_structured';

/** Reads one downloaded document of a known type into the parts the caller asked for. */
export async function readDocument(
  type: Exclude<DocumentType, 'docx' | 'xlsx'>,
  source: { bytes: Uint8Array; charset: string | null; url: string },
  input: ProcessDocumentInput,
  deadline: number,
): Promise<DocumentReading> {
  if (type === 'pdf') {
    if (!hasPdfHeader(source.bytes)) {
      throw new ApiError('TOOL_ERROR', 'The PDF is corrupt or unreadable: no %PDF- header');
    }
    const pdf = await readPdf(source.bytes, {
      text: input.extract_text,
      metadata: input.extract_metadata,
      tables: input.extract_tables,
      deadline,
    });
    return {
      page_count: pdf.pageCount,
      pages_read: pdf.pagesRead,
      text: pdf.text,
      metadata: pdf.metadata,
      tables: pdf.tables,
      notes: pdf.notes,
    };
  }

  const notes: string[] = [];
  const decoded = decodeBody(source.bytes, type === 'html' ? 'html' : 'text', source.charset).text;
  const reading: DocumentReading = {
    page_count: null,
    pages_read: null,
    text: null,
    metadata: null,
    tables: input.extract_tables ? [] : null,
    notes,
  };
  let text = decoded;
  if (type === 'html') {
    const document = PageDocument.parse(decoded, source.url);
    text = document.text({ onlyMainContent: false, clean: true, preserve_formatting: true });
    if (input.extract_metadata) {
      const { title, description, author } = document.metadata;
      reading.metadata = { title, description, author };
    }
    if (input.extract_tables) notes.push(HTML_TABLES_NOTE);
  }
  if (type === 'csv' && input.extract_tables) reading.tables = [readCsvTable(decoded, notes)];
  if (input.extract_text) {
    const { text: kept, cut } = cutText(text, MAX_TEXT_CHARS);
    if (cut)
      notes.push(
        `Text stops at ${MAX_TEXT_CHARS.toLocaleString('en-US')} characters of ${text.length.toLocaleString('en-US')}`,
      );
    reading.text = kept;
  }
  return reading;
}
