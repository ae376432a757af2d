/**
 * A one-page PDF written byte by byte, with an Info dictionary whose strings are given as raw bytes
 * (hex strings), so a test controls exactly how each text string is encoded.
 */
export function tinyPdf(info: Record<string, Uint8Array>, version = '1.7'): Buffer {
  const entries = Object.entries(info)
    .map(([key, bytes]) => `/${key} <${Buffer.from(bytes).toString('hex')}>`)
    .join(' ');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    `<< ${entries} >>`,
  ];
  let out = `%PDF-${version}\n`;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 4 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** UTF-16BE with its byte-order mark, as PDF text strings carry non-Latin text. */
export function utf16beWithMark(text: string): Uint8Array {
  return Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]);
}
