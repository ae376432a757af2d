/**
 * Which kind of document a body is, from its Content-Type, the URL's extension and its first bytes.
 * Magic numbers win for the binary formats (servers often send PDFs as application/octet-stream);
 * for text formats, where bytes say little, a specific Content-Type wins over the extension, and a
 * generic one (text/plain, octet-stream) defers to it: CSV files are commonly served as text/plain.
 */

export type DocumentType = 'pdf' | 'csv' | 'txt' | 'html' | 'docx' | 'xlsx';
export type Detected = { type: DocumentType } | { type: 'unsupported'; what: string };

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const MIME_TYPES: Record<string, DocumentType> = {
  'application/pdf': 'pdf',
  'application/x-pdf': 'pdf',
  'text/csv': 'csv',
  'application/csv': 'csv',
  'text/tab-separated-values': 'csv',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  [DOCX_MIME]: 'docx',
  [XLSX_MIME]: 'xlsx',
  'application/msword': 'docx',
  'application/vnd.ms-excel': 'xlsx',
};

const EXTENSIONS: Record<string, DocumentType> = {
  pdf: 'pdf',
  csv: 'csv',
  tsv: 'csv',
  txt: 'txt',
  text: 'txt',
  md: 'txt',
  markdown: 'txt',
  log: 'txt',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  docx: 'docx',
  doc: 'docx',
  xlsx: 'xlsx',
  xls: 'xlsx',
};

const GENERIC_MIME = new Set(['text/plain', 'application/octet-stream', 'binary/octet-stream']);

const IMAGE_SIGNATURES: Array<[number[], string]> = [
  [[0x89, 0x50, 0x4e, 0x47], 'a PNG image'],
  [[0xff, 0xd8, 0xff], 'a JPEG image'],
  [[0x47, 0x49, 0x46, 0x38], 'a GIF image'],
  [[0x1f, 0x8b], 'a gzip archive'],
  [[0x52, 0x61, 0x72, 0x21], 'a RAR archive'],
  [[0x37, 0x7a, 0xbc, 0xaf], 'a 7z archive'],
];

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

/** `%PDF-` within the first KiB: the PDF specification lets junk precede the header. */
export function hasPdfHeader(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).toString(
    'latin1',
  );
  return head.includes('%PDF-');
}

/** The Office Open XML kind of a ZIP, by the part names in its local headers (stored in clear). */
function officeKind(bytes: Uint8Array): 'docx' | 'xlsx' | null {
  const names = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 64 * 1024)).toString(
    'latin1',
  );
  if (names.includes('word/')) return 'docx';
  if (names.includes('xl/')) return 'xlsx';
  return null;
}

function extensionOf(url: string): string | null {
  try {
    const path = new URL(url).pathname;
    const dot = path.lastIndexOf('.');
    return dot === -1 || dot < path.lastIndexOf('/') ? null : path.slice(dot + 1).toLowerCase();
  } catch {
    return null;
  }
}

// WHATWG "binary data bytes": control characters no text format uses.
function looksBinary(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 1024);
  return head.some(
    (byte) =>
      byte <= 0x08 || byte === 0x0b || (byte >= 0x0e && byte <= 0x1a) || (byte >= 0x1c && byte <= 0x1f),
  );
}

function looksLikeHtml(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 512))
    .toString('latin1')
    .trimStart()
    .toLowerCase();
  return head.startsWith('<!doctype html') || head.startsWith('<html');
}

export function detectDocumentType(input: {
  mimeType: string | null;
  url: string;
  bytes: Uint8Array;
}): Detected {
  const { bytes, mimeType } = input;
  if (hasPdfHeader(bytes)) return { type: 'pdf' };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    const office = officeKind(bytes);
    return office ? { type: office } : { type: 'unsupported', what: 'a ZIP archive' };
  }
  const image = IMAGE_SIGNATURES.find(([signature]) => startsWith(bytes, signature));
  if (image) return { type: 'unsupported', what: image[1] };

  const byMime = mimeType ? MIME_TYPES[mimeType] : undefined;
  if (byMime) return { type: byMime };
  const extension = extensionOf(input.url);
  const byExtension = extension ? EXTENSIONS[extension] : undefined;
  if (byExtension && (mimeType === null || GENERIC_MIME.has(mimeType) || mimeType.startsWith('text/')))
    return { type: byExtension };
  if (mimeType?.startsWith('image/') || mimeType?.startsWith('audio/') || mimeType?.startsWith('video/'))
    return { type: 'unsupported', what: mimeType };
  if (looksBinary(bytes)) return { type: 'unsupported', what: mimeType ?? 'binary content' };
  if (looksLikeHtml(bytes)) return { type: 'html' };
  return { type: 'txt' };
}
