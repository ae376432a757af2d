/**
 * Word-shingle F1 as article-extraction benchmarks compute it: texts split into words (runs of
 * letters and digits, lower-cased), each text reduced to its set of 4-word shingles, then precision
 * and recall of the predicted set against the annotated one.
 */
export interface ShingleScore {
  precision: number;
  recall: number;
  f1: number;
}

function shingles(text: string, size = 4): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const out = new Set<string>();
  if (words.length > 0 && words.length < size) out.add(words.join(' '));
  for (let i = 0; i + size <= words.length; i++) out.add(words.slice(i, i + size).join(' '));
  return out;
}

export function shingleF1(predicted: string, expected: string): ShingleScore {
  const p = shingles(predicted);
  const e = shingles(expected);
  let shared = 0;
  for (const shingle of p) if (e.has(shingle)) shared++;
  const precision = p.size === 0 ? 0 : shared / p.size;
  const recall = e.size === 0 ? 0 : shared / e.size;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}
