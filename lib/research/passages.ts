import { splitSentences } from '../analysis/sentences.js';
import { overlapScore } from './terms.js';

/** docs/reference/providers.md#deep_research: findings are at most 600 characters. */
export const FINDING_MAX_CHARS = 600;
const MIN_PASSAGE_CHARS = 40;

/**
 * A page's text as passages a finding can quote: each paragraph, or for a long one consecutive
 * sentences packed up to 600 characters, never cutting a sentence unless it alone is longer.
 */
export function passagesOf(text: string): string[] {
  const passages: string[] = [];
  for (const paragraph of text.split(/\n\s*\n|\n(?=[-*#] )/)) {
    const flat = paragraph
      .replace(/^[#>*-]+\s*/gm, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (flat.length < MIN_PASSAGE_CHARS) continue;
    if (flat.length <= FINDING_MAX_CHARS) {
      passages.push(flat);
      continue;
    }
    let current = '';
    for (const sentence of splitSentences(flat, { keepShort: true })) {
      const piece =
        sentence.length > FINDING_MAX_CHARS ? `${sentence.slice(0, FINDING_MAX_CHARS - 1)}…` : sentence;
      if (current && current.length + 1 + piece.length > FINDING_MAX_CHARS) {
        passages.push(current);
        current = piece;
      } else current = current ? `${current} ${piece}` : piece;
    }
    if (current.length >= MIN_PASSAGE_CHARS) passages.push(current);
  }
  return passages;
}

export interface Finding {
  text: string;
  source_url: string;
  source_title: string;
  relevance_score: number;
}

export interface ReadSource {
  url: string;
  title: string;
  text: string;
}

/**
 * The best passages across sources, best first: scored by the share of the question's terms they
 * hold, ties to the earlier source and then the earlier passage; at most `perSource` from any one
 * source so that one long page cannot fill the list; identical passages once.
 */
export function rankFindings(
  queryTerms: readonly string[],
  sources: readonly ReadSource[],
  options: { limit: number; perSource: number },
): Finding[] {
  const scored: (Finding & { order: number })[] = [];
  let order = 0;
  for (const source of sources) {
    for (const passage of passagesOf(source.text)) {
      const score = overlapScore(queryTerms, passage);
      order += 1;
      if (score > 0) {
        scored.push({
          text: passage,
          source_url: source.url,
          source_title: source.title,
          relevance_score: score,
          order,
        });
      }
    }
  }
  scored.sort((a, b) => b.relevance_score - a.relevance_score || a.order - b.order);
  const perSource = new Map<string, number>();
  const seen = new Set<string>();
  const findings: Finding[] = [];
  for (const { order: _order, ...finding } of scored) {
    if (findings.length >= options.limit) break;
    const taken = perSource.get(finding.source_url) ?? 0;
    if (taken >= options.perSource || seen.has(finding.text)) continue;
    perSource.set(finding.source_url, taken + 1);
    seen.add(finding.text);
    findings.push(finding);
  }
  return findings;
}

/** The summary: the leading sentence of the best findings from distinct sources. */
export function summarise(findings: readonly Finding[], sentences = 3): string {
  const used = new Set<string>();
  const picked: string[] = [];
  for (const finding of findings) {
    if (picked.length >= sentences || used.has(finding.source_url)) continue;
    used.add(finding.source_url);
    const first = splitSentences(finding.text, { keepShort: true })[0] ?? finding.text;
    picked.push(first);
  }
  return picked.join(' ');
}
