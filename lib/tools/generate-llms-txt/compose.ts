import type { PageFacts } from './page-facts.js';
import type { GenerateLlmsTxtInput } from './schema.js';

/**
 * The llms.txt format (llmstxt.org): an H1 with the site's name, a blockquote summary, free prose
 * (here: guidelines, restrictions, contact, analysis), then H2 sections that are lists of
 * `- [title](url): notes`; a section named `Optional` holds what a reader may skip. llms-full.txt
 * carries the same header followed by every page in full, as markdown.
 */

export interface SiteSummary {
  name: string;
  summary: string;
  host: string;
  /** robots.txt Disallow rules that apply to the service, as written. */
  disallowedPaths: string[];
  analysis: string | null;
}

/** Path segments whose pages are housekeeping rather than content: listed under `Optional`. */
const OPTIONAL_SEGMENTS = new Set([
  'privacy',
  'privacy-policy',
  'terms',
  'terms-of-service',
  'legal',
  'cookies',
  'cookie-policy',
  'careers',
  'jobs',
  'press',
  'imprint',
  'impressum',
  'sitemap',
  'tag',
  'tags',
  'category',
  'author',
]);

const MAX_NOTE_CHARS = 200;
const MAX_FULL_PAGE_CHARS = 30_000;

function sectionOf(url: string): string {
  const first = new URL(url).pathname.split('/').filter(Boolean)[0]?.toLowerCase();
  if (!first) return 'Main';
  const bare = first.replace(/\.[a-z0-9]+$/, '');
  if (OPTIONAL_SEGMENTS.has(bare)) return 'Optional';
  if (new URL(url).pathname.split('/').filter(Boolean).length === 1) return 'Main';
  return bare
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ');
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

function escapeLinkText(text: string): string {
  return text.replace(/([[\]])/g, '\\$1');
}

function linkLine(page: PageFacts, detailed: boolean): string {
  const title = escapeLinkText(oneLine(page.title ?? new URL(page.url).pathname, 120));
  const notes = [page.description ? oneLine(page.description, MAX_NOTE_CHARS) : ''];
  if (detailed && page.headings.length > 0) notes.push(`Covers: ${page.headings.join('; ')}.`);
  const note = notes.filter(Boolean).join(' ');
  return `- [${title}](${page.url})${note ? `: ${note}` : ''}`;
}

function lines(text: string | undefined): string[] {
  return (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

function prose(site: SiteSummary, input: GenerateLlmsTxtInput): string[] {
  const level = input.complianceLevel;
  const out = input.outputOptions;
  const blocks: string[] = [];
  if (level !== 'basic') {
    const guidelines = [
      `Cite the page URL when you quote or summarise content from ${site.host}.`,
      'Prefer the most recently updated page when two pages disagree.',
      ...lines(out.customGuidelines),
    ];
    blocks.push(`Guidelines for AI systems:\n\n${guidelines.map((line) => `- ${line}`).join('\n')}`);
  }
  if (level === 'strict') {
    const restrictions = [
      ...site.disallowedPaths.map((path) => `Do not use content under \`${path}\`: robots.txt disallows it.`),
      'Pages marked noindex or noai are left out of this file; do not use them.',
      ...lines(out.customRestrictions),
    ];
    blocks.push(`Restrictions:\n\n${restrictions.map((line) => `- ${line}`).join('\n')}`);
  }
  if (level !== 'basic' && out.contactEmail) blocks.push(`Contact: ${out.contactEmail}`);
  if (out.includeAnalysis && site.analysis) blocks.push(site.analysis);
  return blocks;
}

function header(site: SiteSummary): string {
  return `# ${oneLine(site.name, 200)}\n\n> ${oneLine(site.summary, 500)}`;
}

export function composeLlmsTxt(
  site: SiteSummary,
  pages: readonly PageFacts[],
  input: GenerateLlmsTxtInput,
): string {
  const sections = new Map<string, PageFacts[]>();
  for (const page of pages) {
    const name = sectionOf(page.url);
    sections.set(name, [...(sections.get(name) ?? []), page]);
  }
  // `Optional` comes last, as the format asks; the others keep the order their first page was found in.
  const ordered = [...sections.entries()].sort(
    ([a], [b]) => Number(a === 'Optional') - Number(b === 'Optional'),
  );
  const parts = [header(site), ...prose(site, input)];
  for (const [name, members] of ordered) {
    parts.push(
      `## ${name}\n\n${members.map((page) => linkLine(page, input.outputOptions.includeDetailed)).join('\n')}`,
    );
  }
  return `${parts.join('\n\n')}\n`;
}

export function composeLlmsFullTxt(site: SiteSummary, pages: readonly PageFacts[]): string {
  const parts = [header(site)];
  for (const page of pages) {
    const markdown = (page.markdown ?? '').trim();
    const body =
      markdown.length > MAX_FULL_PAGE_CHARS
        ? `${markdown.slice(0, MAX_FULL_PAGE_CHARS)}\n\n[… page cut at ${MAX_FULL_PAGE_CHARS} characters]`
        : markdown;
    parts.push(`## ${oneLine(page.title ?? page.url, 200)}\n\nSource: ${page.url}\n\n${body}`);
  }
  return `${parts.join('\n\n---\n\n')}\n`;
}
