/**
 * The title and description a Markdown document gives itself. Documentation sites, `llms.txt` files
 * and agent-facing endpoints serve Markdown as such, and a reader of one wants its title as it
 * would want an HTML page's. YAML front matter (`title:`, `description:`) is asked first, as static
 * site generators read it; else the first level-one heading (ATX `# Title` or setext `Title` over
 * `===`), and for `llms.txt` the blockquote under it, which that format reserves for the summary.
 */

export interface MarkdownHeadline {
  title: string | null;
  description: string | null;
}

const MARKDOWN_TYPES = new Set(['text/markdown', 'text/x-markdown', 'text/mdx']);
/** Where the title of a document is looked for: a heading further down is a section's. */
const HEAD_LINES = 60;

/** A body read as Markdown: by its declared type, or by an address that names a Markdown file. */
export function isMarkdownDocument(mimeType: string | null, address: string): boolean {
  if (mimeType && MARKDOWN_TYPES.has(mimeType)) return true;
  let path: string;
  try {
    path = new URL(address).pathname.toLowerCase();
  } catch {
    return false;
  }
  return /\.(?:md|markdown|mdx)$/.test(path) || /\/llms(?:-full)?\.txt$/.test(path);
}

export function markdownHeadline(text: string): MarkdownHeadline {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/, HEAD_LINES + 1);
  const front = frontMatter(lines);
  const heading = firstHeading(front ? lines.slice(front.end) : lines);
  return {
    title: front?.fields.get('title') ?? heading?.title ?? null,
    description: front?.fields.get('description') ?? heading?.summary ?? null,
  };
}

function frontMatter(lines: string[]): { fields: Map<string, string>; end: number } | null {
  if (lines[0]?.trim() !== '---') return null;
  const fields = new Map<string, string>();
  for (let index = 1; index < lines.length; index += 1) {
    const line = lines[index] as string;
    if (/^(?:---|\.\.\.)\s*$/.test(line)) return { fields, end: index + 1 };
    const field = /^([A-Za-z_][\w-]*)\s*:\s*(.*?)\s*$/.exec(line);
    if (field?.[2]) fields.set(field[1].toLowerCase(), unquote(field[2]));
  }
  return null;
}

function unquote(value: string): string {
  const quoted = /^(["'])(.*)\1$/.exec(value);
  return quoted ? (quoted[2] as string) : value;
}

function firstHeading(lines: string[]): { title: string; summary: string | null } | null {
  let fenced = false;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] as string;
    if (/^\s{0,3}(?:```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const atx = /^\s{0,3}#\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    const setext = /^\s{0,3}=+\s*$/.test(lines[index + 1] ?? '') && line.trim() !== '' ? line.trim() : null;
    const title = atx?.[1] || setext;
    if (title) return { title, summary: blockquoteAfter(lines, index + (setext ? 2 : 1)) };
  }
  return null;
}

/** The `> summary` right under the title, blank lines allowed between (llms.txt's layout). */
function blockquoteAfter(lines: string[], from: number): string | null {
  let index = from;
  while (index < lines.length && (lines[index] as string).trim() === '') index += 1;
  const quote: string[] = [];
  for (; index < lines.length; index += 1) {
    const match = /^\s{0,3}>\s?(.*)$/.exec(lines[index] as string);
    if (!match) break;
    quote.push((match[1] as string).trim());
  }
  const summary = quote.join(' ').trim();
  return summary === '' ? null : summary;
}
