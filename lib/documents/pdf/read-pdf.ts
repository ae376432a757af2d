import { ApiError } from '../../errors/api-error.js';
import { cutText, type DocumentTable, MAX_PDF_PAGES, MAX_TABLES, MAX_TEXT_CHARS } from '../limits.js';
import { groupLines, type PdfTextItem, pageText, positioned } from './lines.js';
import { capTableRows, findTables } from './tables.js';
import { pdfTextString } from './text-string.js';

export interface PdfMetadata {
  title: string | null;
  author: string | null;
  subject: string | null;
  creator: string | null;
  producer: string | null;
  /** As embedded: `D:YYYYMMDDHHmmSS` with its offset, never reinterpreted. */
  creation_date: string | null;
  modification_date: string | null;
}

export interface PdfReading {
  pageCount: number;
  pagesRead: { start: number; end: number; count: number; total_pages: number };
  text: string | null;
  metadata: PdfMetadata | null;
  tables: DocumentTable[] | null;
  notes: string[];
}

export interface PdfReadOptions {
  text: boolean;
  metadata: boolean;
  tables: boolean;
  /** Epoch ms after which no further page is read (the function's budget). */
  deadline: number;
}

type Unpdf = typeof import('unpdf');
type PdfProxy = Awaited<ReturnType<Unpdf['getDocumentProxy']>>;

/**
 * unpdf bundles pdf.js (about 1.6 MB): it is loaded on the first PDF, never at cold start and never
 * by another tool's bundle.
 */
let unpdf: Promise<Unpdf> | null = null;
function loadUnpdf(): Promise<Unpdf> {
  unpdf ??= import('unpdf');
  return unpdf;
}

/**
 * Text, metadata and tables of a PDF: the first 200 pages, text capped at 200,000 characters, at
 * most 20 tables of 1,000 rows. No OCR: a scanned page has no text items and reads as empty. A PDF
 * pdf.js cannot open (corrupt, or encrypted with a user password) is 500 TOOL_ERROR.
 */
export async function readPdf(bytes: Uint8Array, options: PdfReadOptions): Promise<PdfReading> {
  const { getDocumentProxy } = await loadUnpdf();
  let pdf: PdfProxy;
  try {
    // pdf.js takes ownership of the buffer it is given: hand it a copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, isEvalSupported: false });
  } catch (error) {
    throw unreadable(error);
  }
  try {
    return await readOpened(pdf, options);
  } catch (error) {
    throw error instanceof ApiError ? error : unreadable(error);
  } finally {
    await pdf.destroy().catch(() => {});
  }
}

async function readOpened(pdf: PdfProxy, options: PdfReadOptions): Promise<PdfReading> {
  const total = pdf.numPages;
  const notes: string[] = [];
  const texts: string[] = [];
  let length = 0;
  let textCut = false;
  const tables: DocumentTable[] = [];
  let tablesCut = false;
  let end = 0;
  const lastPage = Math.min(total, MAX_PDF_PAGES);

  const wantsPages = options.text || options.tables;
  for (let number = 1; wantsPages && number <= lastPage; number++) {
    if (Date.now() >= options.deadline) {
      notes.push(`Stopped after page ${end} of ${total}: the time budget ran out`);
      break;
    }
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    page.cleanup();
    const items = content.items.filter((item): item is PdfTextItem & typeof item => 'str' in item);
    const lines = groupLines(positioned(items));
    end = number;
    if (options.tables && !tablesCut) {
      for (const table of findTables(lines, number)) {
        if (tables.length >= MAX_TABLES) {
          tablesCut = true;
          break;
        }
        tables.push(capTableRows(table, notes));
      }
    }
    if (options.text && !textCut) {
      texts.push(pageText(lines));
      length += texts.at(-1)!.length + 2;
      if (length > MAX_TEXT_CHARS) {
        textCut = true;
        notes.push(`Text stops at ${MAX_TEXT_CHARS.toLocaleString('en-US')} characters, on page ${number}`);
        if (!options.tables) break;
      }
    }
  }
  if (total > MAX_PDF_PAGES && end === MAX_PDF_PAGES) {
    notes.push(`Only the first ${MAX_PDF_PAGES} of ${total} pages were read`);
  }
  if (tablesCut) notes.push(`Only the first ${MAX_TABLES} tables are returned`);
  if (!wantsPages) end = 0;
  if (end > 0 && options.text && texts.join('').trim() === '') {
    notes.push('No text found: the pages may be scanned images, and this service does no OCR');
  }
  return {
    pageCount: total,
    pagesRead: { start: end > 0 ? 1 : 0, end, count: end, total_pages: total },
    text: options.text ? cutText(texts.join('\n\n'), MAX_TEXT_CHARS).text : null,
    metadata: options.metadata ? await metadataOf(pdf) : null,
    tables: options.tables ? tables : null,
    notes,
  };
}

async function metadataOf(pdf: PdfProxy): Promise<PdfMetadata> {
  const info = (await pdf.getMetadata()).info as unknown as Record<string, unknown>;
  const field = (name: string) => {
    const value = info[name];
    return typeof value === 'string' && value.trim() !== '' ? pdfTextString(value) : null;
  };
  return {
    title: field('Title'),
    author: field('Author'),
    subject: field('Subject'),
    creator: field('Creator'),
    producer: field('Producer'),
    creation_date: field('CreationDate'),
    modification_date: field('ModDate'),
  };
}

function unreadable(error: unknown): ApiError {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'PasswordException') {
    return new ApiError('TOOL_ERROR', 'The PDF is encrypted with a password; it cannot be read', {
      cause: error,
    });
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new ApiError('TOOL_ERROR', `The PDF is corrupt or unreadable: ${detail}`, { cause: error });
}
