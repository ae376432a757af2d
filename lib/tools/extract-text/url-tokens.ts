/**
 * The URLs markdown and preserve_links write into extract_text's output: the matches of
 * `(?:\b[a-z][a-z0-9+.-]*:\/\/|\bmailto:|\btel:)[^\s<>()[\]]+` (flags `gi`), found from the colons
 * every match holds instead of trying the expression at every character of a 2 MB result.
 *
 * Why starting from colons finds the same matches: the part before a match's first colon (a scheme,
 * `mailto` or `tel`) is a run of `[a-z0-9+.-]`, which holds no colon, so a match can only start in
 * the run of those characters just before some colon, at a letter the expression's `\b` allows
 * (ASCII-only, like its `[a-z]` and `\w` without the `u` flag). Trying those starts in order, colon
 * after colon, from where the last match ended, is the order in which the expression tries them.
 */
const URL_TOKEN_AT = /(?:\b[a-z][a-z0-9+.-]*:\/\/|\bmailto:|\btel:)[^\s<>()[\]]+/iy;

export interface TextRange {
  start: number;
  end: number;
}

/** The first URL token at or after `from`, or null. */
export function nextUrlToken(text: string, from: number): TextRange | null {
  for (let colon = text.indexOf(':', from); colon !== -1; colon = text.indexOf(':', colon + 1)) {
    let runStart = colon;
    while (runStart > from && isSchemeChar(text.charCodeAt(runStart - 1))) runStart--;
    for (let start = runStart; start < colon; start++) {
      // The expression tests these too; testing them first spares it most starts.
      if (!isAsciiLetter(text.charCodeAt(start))) continue;
      if (start > 0 && isAsciiWordChar(text.charCodeAt(start - 1))) continue;
      URL_TOKEN_AT.lastIndex = start;
      if (URL_TOKEN_AT.test(text)) return { start, end: URL_TOKEN_AT.lastIndex };
    }
  }
  return null;
}

function isAsciiLetter(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
}

/** `\w` without the `u` flag. */
function isAsciiWordChar(code: number): boolean {
  return isAsciiLetter(code) || (code >= 48 && code <= 57) || code === 95;
}

/** `[a-z0-9+.-]` with the `i` flag. */
function isSchemeChar(code: number): boolean {
  return isAsciiLetter(code) || (code >= 48 && code <= 57) || code === 43 || code === 46 || code === 45;
}
