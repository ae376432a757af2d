/**
 * White space collapsed the way `text.replace(/\s+/g, ' ').trim()` collapses it, without the
 * regular expression: on a 4 MB page the bot-wall gate read the visible text through a join, a
 * split into lines and a replace per line, and then measured it with a replace of the whole text
 * several times, which made it the slowest step of a large page's call. These walk the characters
 * once and copy only what they keep.
 */

/** JavaScript's `\s` (also what `trim()` removes), one UTF-16 code unit at a time. */
export function isJsWhitespace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 160) return false;
  return (
    code === 160 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** `text.replace(/\s+/g, ' ').trim().length`, counted. */
export function collapsedLength(text: string): number {
  let length = 0;
  let gap = false;
  for (let i = 0; i < text.length; i++) {
    if (isJsWhitespace(text.charCodeAt(i))) {
      gap = length > 0;
      continue;
    }
    if (gap) length++;
    gap = false;
    length++;
  }
  return length;
}

/**
 * Text fed in pieces, read back as `whole.split('\n').map(collapse).filter(Boolean).join('\n')`
 * where `whole` is the pieces joined and `collapse` the replace-and-trim above. Put another way:
 * the runs of non-space characters, each pair separated by a line break when the white space
 * between them holds one, else by one space.
 */
export class CollapsedLines {
  private readonly parts: string[] = [];
  /** Owed before the next run: '' (none yet), ' ' or '\n'. */
  private separator = '';

  /** Equivalent to a piece that is just '\n'. */
  lineBreak(): void {
    this.separator = '\n';
  }

  add(text: string): void {
    const end = text.length;
    let i = 0;
    while (i < end) {
      const code = text.charCodeAt(i);
      if (isJsWhitespace(code)) {
        if (code === 10) this.separator = '\n';
        else if (this.separator === '') this.separator = ' ';
        i++;
        continue;
      }
      // The longest stretch that is already collapsed (runs joined by single plain spaces) is kept
      // as one slice of the piece.
      const start = i;
      let stop = i;
      while (i < end) {
        const next = text.charCodeAt(i);
        if (!isJsWhitespace(next)) stop = ++i;
        else if (next === 32 && i + 1 < end && !isJsWhitespace(text.charCodeAt(i + 1))) i++;
        else break;
      }
      if (this.parts.length > 0 && this.separator !== '') this.parts.push(this.separator);
      this.parts.push(start === 0 && stop === end ? text : text.slice(start, stop));
      this.separator = '';
    }
  }

  toString(): string {
    return this.parts.join('');
  }
}
