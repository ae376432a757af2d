import { termsOf } from './terms.js';

/**
 * Search queries planned from a question, without a model: the question as asked, then its key
 * terms with the leading one dropped (which reaches pages about the rest of the question), with the
 * trailing one dropped, and with the first two dropped. A query is planned only when its terms
 * differ from every earlier one's: a search engine answers "http client retry-after" and "How do
 * HTTP clients handle Retry-After?" alike, so one that differs only by stop words or order would
 * spend a step for the same results. `domains` restricts every query (`site:` for one, an OR group
 * for several).
 */
export function planQueries(question: string, count: number, domains: readonly string[] = []): string[] {
  const cleaned = question
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[?.!]+$/, '');
  const terms = termsOf(cleaned).slice(0, 8);
  const variants = [cleaned, terms.slice(1), terms.slice(0, -1), terms.slice(2)].map((variant) =>
    typeof variant === 'string' ? variant : variant.join(' '),
  );
  const restriction =
    domains.length === 0
      ? ''
      : domains.length === 1
        ? ` site:${domains[0]}`
        : ` (${domains.map((domain) => `site:${domain}`).join(' OR ')})`;
  const planned = new Set<string>();
  const queries: string[] = [];
  for (const variant of variants) {
    if (queries.length >= count) break;
    const key = queryKey(variant);
    if (key === '' || planned.has(key)) continue;
    planned.add(key);
    queries.push(`${variant.trim()}${restriction}`);
  }
  return queries;
}

/** What makes two queries the same search: their key terms, in any order. */
export function queryKey(query: string): string {
  return [...new Set(termsOf(query))].sort().join(' ');
}
