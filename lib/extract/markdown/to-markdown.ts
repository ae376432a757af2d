/**
 * Markdown escaping of text (the rules turndown applies, in two passes instead of thirteen), with
 * one change: an underscore inside a word is left alone, since CommonMark never reads intraword `_`
 * as emphasis and `snake\_case` is noise to every reader of the output.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\*`[\]]|_/g, (c, offset: number, whole: string) => {
      if (c !== '_') return `\\${c}`;
      const before = whole[offset - 1];
      const after = whole[offset + 1];
      return before && after && /[\p{L}\p{N}]/u.test(before) && /[\p{L}\p{N}]/u.test(after) ? '_' : '\\_';
    })
    .replace(/^(?:-|\+ |=+|#{1,6} |~~~|>)/, '\\$&')
    .replace(/^(\d+)\. /, '$1\\. ');
}

/**
 * Keeps at most one blank line between blocks (turndown leaves more around removed elements), except
 * inside fenced code, whose blank lines are content. Line by line, so linear on any input.
 */
export function tidyMarkdown(markdown: string): string {
  const lines = markdown.split('\n');
  const out: string[] = [];
  let fence = '';
  let blankRun = 0;
  for (const line of lines) {
    const fenceMatch = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      out.push(line);
      if (fenceMatch && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length) fence = '';
      continue;
    }
    if (fenceMatch) fence = fenceMatch[1];
    if (!line.trim()) {
      blankRun++;
      if (blankRun === 1) out.push('');
      continue;
    }
    blankRun = 0;
    out.push(line);
  }
  return out.join('\n').trim();
}
