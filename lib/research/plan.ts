import { termsOf } from './terms.js';

/**
 * Search queries planned from a question, without a model: the question as asked, its key terms
 * alone (search engines rank a bare term list differently from a sentence), and, for a wide search,
 * the key terms with the leading one dropped, which reaches pages about the rest of the question.
 * `domains` restricts every query (`site:` for one, an OR group for several).
 */
export function planQueries(question: string, count: number, domains: readonly string[] = []): string[] {
  const cleaned = question
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[?.!]+$/, '');
  const terms = termsOf(cleaned).slice(0, 8);
  const candidates = [cleaned, terms.join(' '), terms.slice(1).join(' ')];
  const restriction =
    domains.length === 0
      ? ''
      : domains.length === 1
        ? ` site:${domains[0]}`
        : ` (${domains.map((domain) => `site:${domain}`).join(' OR ')})`;
  const queries: string[] = [];
  for (const candidate of candidates) {
    if (queries.length >= count) break;
    const words = candidate.trim();
    if (words.split(' ').length < 1 || words === '') continue;
    const query = `${words}${restriction}`;
    if (!queries.includes(query)) queries.push(query);
  }
  return queries;
}
