/**
 * PDF text strings (the Info dictionary's Title, Author…, outline titles), ISO 32000-2 §7.9.2.2:
 * UTF-16BE after the mark FE FF, UTF-8 after EF BB BF (PDF 2.0), PDFDocEncoding otherwise.
 *
 * pdf.js decodes them so before we see them. What it cannot know is that many producers (Word's
 * "Save as PDF" through some drivers, older Ghostscript) write UTF-8 without the mark: read as
 * PDFDocEncoding, "トランス" comes out as "ã…‹ã…©ã…³ã‡¹". So a string pdf.js gave us as
 * PDFDocEncoding is turned back into its bytes and, when those bytes are well-formed UTF-8 with
 * multi-byte sequences, read as UTF-8. Genuine PDFDocEncoding text almost never is: "Café" is
 * 43 61 66 E9, and a lone E9 is not UTF-8.
 */

/**
 * PDFDocEncoding where it differs from Latin-1 (Annex D.2). Its undefined bytes (0x7F, 0x9F, 0xAD)
 * are read as their Latin-1 characters, as pdf.js reads them, so every byte comes back.
 */
const PDF_DOC_SPECIALS: Record<number, number> = {
  24: 0x02d8,
  25: 0x02c7,
  26: 0x02c6,
  27: 0x02d9,
  28: 0x02dd,
  29: 0x02db,
  30: 0x02da,
  31: 0x02dc,
  128: 0x2022,
  129: 0x2020,
  130: 0x2021,
  131: 0x2026,
  132: 0x2014,
  133: 0x2013,
  134: 0x0192,
  135: 0x2044,
  136: 0x2039,
  137: 0x203a,
  138: 0x2212,
  139: 0x2030,
  140: 0x201e,
  141: 0x201c,
  142: 0x201d,
  143: 0x2018,
  144: 0x2019,
  145: 0x201a,
  146: 0x2122,
  147: 0xfb01,
  148: 0xfb02,
  149: 0x0141,
  150: 0x0152,
  151: 0x0160,
  152: 0x0178,
  153: 0x017d,
  154: 0x0131,
  155: 0x0142,
  156: 0x0153,
  157: 0x0161,
  158: 0x017e,
  160: 0x20ac,
};
/** Code point → PDFDocEncoding byte, for every byte the encoding defines. */
const PDF_DOC_BYTE = new Map<number, number>();
for (let byte = 0; byte <= 0xff; byte++) {
  PDF_DOC_BYTE.set(PDF_DOC_SPECIALS[byte] ?? byte, byte);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const utf8 = new TextDecoder('utf-8');
const utf16be = new TextDecoder('utf-16be');

/** A text string's bytes, decoded as ISO 32000-2 §7.9.2.2 says, with unmarked UTF-8 recognised (above). */
function decodeTextString(bytes: Uint8Array): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return utf16be.decode(bytes.subarray(2));
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return utf8.decode(bytes.subarray(3));
  if (bytes.some((byte) => byte >= 0x80)) {
    try {
      return strictUtf8.decode(bytes);
    } catch {}
  }
  let text = '';
  for (const byte of bytes) text += String.fromCodePoint(PDF_DOC_SPECIALS[byte] ?? byte);
  return text;
}

/**
 * A text string as pdf.js decoded it, corrected: when every character is one PDFDocEncoding
 * defines (so pdf.js read it as such), its bytes are decoded again as above; a string pdf.js read
 * from UTF-16 or UTF-8 holds characters PDFDocEncoding lacks and is returned as it is.
 */
export function pdfTextString(decoded: string): string {
  const bytes: number[] = [];
  for (const character of decoded) {
    const byte = PDF_DOC_BYTE.get(character.codePointAt(0) ?? -1);
    if (byte === undefined) return decoded;
    bytes.push(byte);
  }
  return bytes.some((byte) => byte >= 0x80) ? decodeTextString(Uint8Array.from(bytes)) : decoded;
}
