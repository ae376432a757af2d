/**
 * What the search fakes "find": a deterministic result list per query, shaped like real organic
 * results (real-looking hosts and paths, snippets that repeat the query's words), with the overlap
 * between consecutive pages that real metasearch pages have. Tests and `npm run fakes` can replace
 * it with their own list (deep_research points results at loopback fixture pages).
 */
export interface CorpusHit {
  url: string;
  title: string;
  snippet: string;
  /** Words of the snippet to highlight (Brave wraps them in <strong>). */
  highlight?: string[];
}

export type SearchCorpus = (query: string) => CorpusHit[];

const HOSTS = [
  'developer.mozilla.org',
  'www.rfc-editor.org',
  'stackoverflow.com',
  'en.wikipedia.org',
  'docs.python.org',
  'blog.cloudflare.com',
  'www.example.com',
  'github.com',
  'news.ycombinator.com',
  'learn.microsoft.com',
];

/** Results a query has in total unless it names a count (`fake:results=7`). */
export const DEFAULT_RESULT_COUNT = 95;

export function defaultCorpus(query: string): CorpusHit[] {
  const words = query
    .replace(/fake:\S+/g, '')
    .replace(/\b(site|filetype):\S+/g, '')
    .trim();
  const slug =
    words
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'search';
  const count = Number(/fake:results=(\d+)/.exec(query)?.[1] ?? DEFAULT_RESULT_COUNT);
  const site = /\bsite:(\S+)/.exec(query)?.[1];
  const fileType = /\bfiletype:(\S+)/.exec(query)?.[1];
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    const host = site ?? HOSTS[index % HOSTS.length];
    const path = `/${slug}/${n}${fileType ? `.${fileType}` : ''}`;
    return {
      url: `https://${host}${path}`,
      title: `${words || 'Search'} — result ${n}`,
      snippet: `Result ${n} about ${words || 'the query'}: what it means, how it works & when to use it.`,
      highlight: words.split(/\s+/).filter(Boolean),
    };
  });
}

/**
 * Page `page` (1-based) of `size` results. Every page after the first begins with the last two
 * results of the page before it, as metasearch pages overlap: 2 duplicates per page boundary.
 */
export function corpusPage(hits: CorpusHit[], page: number, size: number): CorpusHit[] {
  if (page <= 1) return hits.slice(0, size);
  const overlap = 2;
  const start = (page - 1) * (size - overlap);
  return hits.slice(start, start + size);
}
