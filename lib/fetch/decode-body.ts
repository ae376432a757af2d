import { isAscii, isUtf8 } from 'node:buffer';
import type { BodyKind } from './types.js';

/**
 * Turns body bytes into text, choosing the encoding the way browsers do (WHATWG encoding sniffing,
 * simplified): byte order mark, then the Content-Type charset, then what the document says about
 * itself (`<meta charset>`, `http-equiv`, the XML declaration), then UTF-8 when the bytes are valid
 * UTF-8 and windows-1252 when they are not. One departure: a Latin-1 header over UTF-8 bytes (below). TextDecoder carries full ICU in Node, so every WHATWG
 * label (Shift_JIS, windows-1251, GBK, EUC-KR...) decodes without a library.
 */

export interface DecodedBody {
  text: string;
  /** The WHATWG canonical encoding name used (ISO-8859-1 is decoded, and reported, as windows-1252). */
  charset: string;
}

// Browsers look for `<meta charset>` in the first 1024 bytes; a little more catches long heads.
const PRESCAN_BYTES = 4096;

/** The canonical encoding for a label, or null when TextDecoder does not know it. */
export function encodingForLabel(label: string | null | undefined): string | null {
  if (!label) return null;
  try {
    const { encoding } = new TextDecoder(label.trim());
    // `replacement` is WHATWG's name for encodings that must never be decoded (ISO-2022-KR...).
    return encoding === 'replacement' ? null : encoding;
  } catch {
    return null;
  }
}

function bomEncoding(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return null;
}

function asciiHead(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, PRESCAN_BYTES)).toString(
    'latin1',
  );
}

function metaCharset(head: string): string | null {
  const withoutComments = head.replace(/<!--[\s\S]*?(?:-->|$)/g, '');
  for (const [tag] of withoutComments.matchAll(/<meta\b[^>]*>/gi)) {
    // Covers both `<meta charset=x>` and `<meta http-equiv=Content-Type content="text/html; charset=x">`.
    const match = /charset\s*=\s*["']?\s*([^\s"'/>;]+)/i.exec(tag);
    if (match) return match[1];
  }
  return null;
}

function xmlDeclarationEncoding(head: string): string | null {
  const match = /^\s*<\?xml\s[^>]*?encoding\s*=\s*["']([^"']+)["']/i.exec(head);
  return match ? match[1] : null;
}

/** The encoding a document declares about itself, adjusted as the HTML standard requires. */
function inDocumentEncoding(bytes: Uint8Array, kind: BodyKind): string | null {
  if (kind !== 'html' && kind !== 'xml') return null;
  const head = asciiHead(bytes);
  const label =
    kind === 'html' ? (metaCharset(head) ?? xmlDeclarationEncoding(head)) : xmlDeclarationEncoding(head);
  const encoding = encodingForLabel(label);
  // Bytes we could read as ASCII cannot be UTF-16, whatever they claim.
  if (encoding === 'utf-16le' || encoding === 'utf-16be') return 'utf-8';
  if (encoding === 'x-user-defined') return 'windows-1252';
  return encoding;
}

/**
 * A Latin-1 label in the header over a body of valid UTF-8 with non-ASCII bytes: a server's default
 * charset (Apache's AddDefaultCharset, a framework's) sent with a page written in UTF-8. Browsers
 * obey the header and show "CafÃ©"; we read what the page says. Real windows-1252 text is almost
 * never valid UTF-8 once it holds a byte above 0x7F: each such byte would need to come in the exact
 * lead-and-continuation runs UTF-8 uses ("Ã©"), which prose does not write.
 */
function utf8UnderLatin1Label(bytes: Uint8Array, encoding: string): boolean {
  return encoding === 'windows-1252' && !isAscii(bytes) && isUtf8(bytes);
}

export function detectEncoding(bytes: Uint8Array, kind: BodyKind, headerCharset: string | null): string {
  const fromHeader = encodingForLabel(headerCharset);
  if (fromHeader && utf8UnderLatin1Label(bytes, fromHeader) && !bomEncoding(bytes)) return 'utf-8';
  const declared = bomEncoding(bytes) ?? fromHeader ?? inDocumentEncoding(bytes, kind);
  if (declared) return declared;
  // JSON is UTF-8 by definition (RFC 8259); for the rest, bytes that are not UTF-8 are most often Latin-1.
  if (kind === 'json' || isUtf8(bytes)) return 'utf-8';
  return 'windows-1252';
}

// windows-1252 where it differs from Latin-1 (0x80-0x9F); the five unassigned bytes map to themselves.
const windows1252High =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * Node 20's TextDecoder takes a Latin-1 fast path for windows-1252 (and so for every ISO-8859-1
 * label), turning 0x80 into U+0080 instead of the euro sign: decode the C1 range by table.
 */
function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return latin1.replace(/[\u0080-\u009f]/g, (char) => windows1252High[char.charCodeAt(0) - 0x80]);
}

export function decodeBody(bytes: Uint8Array, kind: BodyKind, headerCharset: string | null): DecodedBody {
  const charset = detectEncoding(bytes, kind, headerCharset);
  const text = charset === 'windows-1252' ? decodeWindows1252(bytes) : new TextDecoder(charset).decode(bytes);
  return { text, charset };
}
