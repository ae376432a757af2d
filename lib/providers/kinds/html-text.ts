/**
 * Search providers write snippets as small HTML fragments (Brave: `<strong>` highlights and
 * numeric entities). Google's fields want both forms: plain text, and HTML with `<b>` highlights.
 * These few rules cover what the providers emit without pulling an HTML parser into the search
 * tools' bundles.
 */

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X'
          ? Number.parseInt(entity.slice(2), 16)
          : Number(entity.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[entity.toLowerCase()] ?? whole;
  });
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Plain text of a provider fragment: tags dropped, entities decoded, spaces collapsed. */
export function fragmentText(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

/** A provider fragment as Google writes it: highlights as `<b>`, every other tag dropped. */
export function fragmentHtml(html: string): string {
  return html
    .replace(/<(\/?)(?:strong|b|em|mark)\b[^>]*>/gi, '<$1b>')
    .replace(/<(?!\/?b>)[^>]*>/gi, '')
    .replace(/\s+/g, ' ')
    .trim();
}
