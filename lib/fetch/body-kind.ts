import type { BodyKind } from './types.js';

/**
 * What kind of body a response carries, from its Content-Type; a response without one is
 * sniffed only to tell binaries apart and is otherwise read as HTML (docs/reference/pages.md#extract_text).
 */

export interface ContentType {
  /** `type/subtype` in lower case, or null when the header is absent or unparseable. */
  mimeType: string | null;
  /** The `charset` parameter as sent (a label for TextDecoder), or null. */
  charset: string | null;
}

const token = /^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+$/;

export function parseContentType(header: string | null | undefined): ContentType {
  if (!header) return { mimeType: null, charset: null };
  const [essence, ...params] = header.split(';');
  const mimeType = essence.trim().toLowerCase();
  let charset: string | null = null;
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq === -1 || param.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    charset = param
      .slice(eq + 1)
      .trim()
      .replace(/^["']|["']$/g, '')
      .trim();
    break;
  }
  return { mimeType: token.test(mimeType) ? mimeType : null, charset: charset || null };
}

/** Classifies a declared MIME type; null means "not declared", which needs `sniffBodyKind`. */
export function bodyKindOf(mimeType: string | null): BodyKind | null {
  if (mimeType === null) return null;
  if (mimeType === 'text/html' || mimeType === 'application/xhtml+xml') return 'html';
  if (mimeType === 'application/json' || mimeType === 'text/json' || mimeType.endsWith('+json'))
    return 'json';
  if (mimeType === 'text/xml' || mimeType === 'application/xml' || mimeType.endsWith('+xml')) return 'xml';
  if (mimeType.startsWith('text/')) return 'text';
  return 'binary';
}

/** How many leading bytes `sniffBodyKind` wants (the WHATWG MIME sniffing resource header). */
export const SNIFF_BYTES = 512;

const signatures: number[][] = [
  [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0x47, 0x49, 0x46, 0x38], // GIF8
  [0xff, 0xd8, 0xff], // JPEG
  [0x50, 0x4b, 0x03, 0x04], // ZIP, and so docx, xlsx, epub
  [0x1f, 0x8b], // gzip
  [0x52, 0x49, 0x46, 0x46], // RIFF: WebP, WAV, AVI
  [0x00, 0x61, 0x73, 0x6d], // WebAssembly
  [0x4f, 0x67, 0x67, 0x53], // Ogg
  [0x49, 0x44, 0x33], // MP3 with ID3
  [0x37, 0x7a, 0xbc, 0xaf], // 7z
  [0x52, 0x61, 0x72, 0x21], // RAR
];

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

// WHATWG "binary data byte": control characters no text format uses.
function isBinaryDataByte(byte: number): boolean {
  return byte <= 0x08 || byte === 0x0b || (byte >= 0x0e && byte <= 0x1a) || (byte >= 0x1c && byte <= 0x1f);
}

/** For a response without Content-Type: binary when it starts like a known binary format or holds control bytes, else HTML. */
export function sniffBodyKind(head: Uint8Array): BodyKind {
  if (signatures.some((signature) => startsWith(head, signature))) return 'binary';
  const utf16Bom = (head[0] === 0xfe && head[1] === 0xff) || (head[0] === 0xff && head[1] === 0xfe);
  if (!utf16Bom && head.subarray(0, SNIFF_BYTES).some(isBinaryDataByte)) return 'binary';
  return 'html';
}
