import { diffWordsWithSpace } from 'diff';

/**
 * A changed line is usually one line edited, not one removed and another added: "10 € per month"
 * became "12 € per month". Each removed sample is paired with the added sample that shares most of
 * its words, and the pair is shown with the changed words marked, so the eye finds the 10 → 12.
 */
export interface LinePair {
  removed: string;
  added: string;
}

const PAIRING_OVERLAP = 0.4;

export function pairChangedLines(
  removed: string[],
  added: string[],
): {
  pairs: LinePair[];
  removedOnly: string[];
  addedOnly: string[];
} {
  const free = new Set(added.map((_, index) => index));
  const pairs: LinePair[] = [];
  const removedOnly: string[] = [];
  for (const line of removed) {
    let best = -1;
    let bestOverlap = PAIRING_OVERLAP;
    for (const index of free) {
      const overlap = wordOverlap(line, added[index] as string);
      if (overlap >= bestOverlap) {
        best = index;
        bestOverlap = overlap;
      }
    }
    if (best < 0) removedOnly.push(line);
    else {
      free.delete(best);
      pairs.push({ removed: line, added: added[best] as string });
    }
  }
  return { pairs, removedOnly, addedOnly: added.filter((_, index) => free.has(index)) };
}

function wordOverlap(a: string, b: string): number {
  const left = new Set(a.toLowerCase().split(/\s+/).filter(Boolean));
  const right = new Set(b.toLowerCase().split(/\s+/).filter(Boolean));
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  return shared / (left.size + right.size - shared);
}

/** The edited line twice, words taken out struck in the first, words put in marked in the second. */
export function WordDiff({ pair }: { pair: LinePair }) {
  const parts = diffWordsWithSpace(pair.removed, pair.added);
  return (
    <li class="word-diff">
      <span class="line-before">
        <span class="visually-hidden">Before: </span>
        {parts
          .filter((part) => !part.added)
          .map((part, index) => (part.removed ? <del key={index}>{part.value}</del> : part.value))}
      </span>
      <span class="line-after">
        <span class="visually-hidden">After: </span>
        {parts
          .filter((part) => !part.removed)
          .map((part, index) => (part.added ? <ins key={index}>{part.value}</ins> : part.value))}
      </span>
    </li>
  );
}
