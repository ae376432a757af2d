import { diffArrays } from 'diff';

/**
 * Line diff of two captures: real totals of added and removed lines and the first samples of each.
 *
 * Plain Myers is O((N+M)·D): two 50,000-line pages with every other line changed take it seconds.
 * Patience diff first (as git's --patience): lines that occur exactly once on both sides anchor the
 * alignment, the longest increasing run of anchors is kept (O(n log n)), and each gap between
 * anchors is diffed on its own, recursively. Gaps are small on real pages, so the work stays near
 * linear. A gap with no unique line in common (runs of repeated lines) goes to jsdiff's Myers with
 * its edit length bounded; when that bound is reached the gap is counted as a multiset difference,
 * which keeps the totals within the true edit and the time bounded.
 */

export interface LineDiff {
  added: number;
  removed: number;
  addedSamples: string[];
  removedSamples: string[];
  /** The first changes where they happened, when `limits.edits` asks for them (see diff-hunks.ts). */
  edits?: Edit[];
}

/**
 * One run of lines removed from `before` or added to `after`, with where it sits on the other side:
 * a removal happened just before `after[otherAt]`, an addition just before `before[otherAt]`.
 */
export interface Edit {
  kind: 'removed' | 'added';
  from: number;
  to: number;
  otherAt: number;
}

export interface SampleLimits {
  samples: number;
  chars: number;
  /** Changed lines to record as edits, in document order (0: none). */
  edits?: number;
}

/** Work a bounded Myers may do on one gap: (N + M) · D stays under this. */
const MYERS_BUDGET = 20_000_000;

class Collector {
  readonly result: LineDiff = { added: 0, removed: 0, addedSamples: [], removedSamples: [] };
  private editedLines = 0;

  constructor(
    private readonly before: readonly string[],
    private readonly after: readonly string[],
    private readonly limits: SampleLimits,
  ) {}

  removed(from: number, to: number, afterAt: number): void {
    this.result.removed += to - from;
    this.sample(this.result.removedSamples, this.before, from, to);
    this.edit('removed', from, to, afterAt);
  }

  added(from: number, to: number, beforeAt: number): void {
    this.result.added += to - from;
    this.sample(this.result.addedSamples, this.after, from, to);
    this.edit('added', from, to, beforeAt);
  }

  removedAt(index: number, afterAt: number): void {
    this.removed(index, index + 1, afterAt);
  }

  addedAt(index: number, beforeAt: number): void {
    this.added(index, index + 1, beforeAt);
  }

  private edit(kind: Edit['kind'], from: number, to: number, otherAt: number): void {
    const room = (this.limits.edits ?? 0) - this.editedLines;
    if (to <= from || room <= 0) return;
    const end = Math.min(to, from + room);
    this.result.edits ??= [];
    this.result.edits.push({ kind, from, to: end, otherAt });
    this.editedLines += end - from;
  }

  private sample(into: string[], lines: readonly string[], from: number, to: number): void {
    for (let i = from; i < to && into.length < this.limits.samples; i += 1) {
      into.push(cut(lines[i], this.limits.chars));
    }
  }
}

/** At most `max` UTF-16 units, never splitting a surrogate pair. */
export function cut(line: string, max: number): string {
  if (line.length <= max) return line;
  const end = line.charCodeAt(max - 1) >= 0xd800 && line.charCodeAt(max - 1) <= 0xdbff ? max - 1 : max;
  return line.slice(0, end);
}

/** Each distinct line becomes a small integer, so the diff compares numbers, never strings. */
function intern(before: readonly string[], after: readonly string[]): [Int32Array, Int32Array] {
  const ids = new Map<string, number>();
  const map = (lines: readonly string[]) => {
    const out = new Int32Array(lines.length);
    for (let i = 0; i < lines.length; i += 1) {
      let id = ids.get(lines[i]);
      if (id === undefined) {
        id = ids.size;
        ids.set(lines[i], id);
      }
      out[i] = id;
    }
    return out;
  };
  return [map(before), map(after)];
}

type Region = [aLo: number, aHi: number, bLo: number, bHi: number];

export function diffLines(
  before: readonly string[],
  after: readonly string[],
  limits: SampleLimits = { samples: 20, chars: 500 },
): LineDiff {
  const [a, b] = intern(before, after);
  const out = new Collector(before, after, limits);
  // Regions are taken in document order, so samples are the first changes of the page.
  const stack: Region[] = [[0, a.length, 0, b.length]];
  while (stack.length > 0) {
    let [aLo, aHi, bLo, bHi] = stack.pop()!;
    while (aLo < aHi && bLo < bHi && a[aLo] === b[bLo]) {
      aLo += 1;
      bLo += 1;
    }
    while (aLo < aHi && bLo < bHi && a[aHi - 1] === b[bHi - 1]) {
      aHi -= 1;
      bHi -= 1;
    }
    if (aLo === aHi || bLo === bHi) {
      out.removed(aLo, aHi, bLo);
      out.added(bLo, bHi, aHi);
      continue;
    }
    const anchors = uniqueAnchors(a, aLo, aHi, b, bLo, bHi);
    if (anchors.length === 0) {
      boundedMyers(a, aLo, aHi, b, bLo, bHi, out);
      continue;
    }
    const gaps: Region[] = [];
    let prevA = aLo;
    let prevB = bLo;
    for (const [ai, bi] of anchors) {
      gaps.push([prevA, ai, prevB, bi]);
      prevA = ai + 1;
      prevB = bi + 1;
    }
    gaps.push([prevA, aHi, prevB, bHi]);
    for (let i = gaps.length - 1; i >= 0; i -= 1) {
      const [ga, gA, gb, gB] = gaps[i];
      if (ga < gA || gb < gB) stack.push(gaps[i]);
    }
  }
  return out.result;
}

/**
 * Lines that occur once in each side of the region, paired, then the longest chain of pairs in
 * order on both sides (patience sorting: O(k log k) for k pairs).
 */
function uniqueAnchors(
  a: Int32Array,
  aLo: number,
  aHi: number,
  b: Int32Array,
  bLo: number,
  bHi: number,
): Array<[number, number]> {
  // id → [count in a, position in a, count in b, position in b]
  const seen = new Map<number, [number, number, number, number]>();
  for (let i = aLo; i < aHi; i += 1) {
    const entry = seen.get(a[i]);
    if (entry) entry[0] += 1;
    else seen.set(a[i], [1, i, 0, -1]);
  }
  for (let j = bLo; j < bHi; j += 1) {
    const entry = seen.get(b[j]);
    if (!entry) continue;
    entry[2] += 1;
    entry[3] = j;
  }
  const pairs: Array<[number, number]> = [];
  for (let i = aLo; i < aHi; i += 1) {
    const entry = seen.get(a[i])!;
    if (entry[0] === 1 && entry[2] === 1) pairs.push([i, entry[3]]);
  }
  if (pairs.length === 0) return pairs;
  // Longest increasing subsequence of b positions, pairs already in a order.
  const tails: number[] = [];
  const previous = new Int32Array(pairs.length);
  for (let k = 0; k < pairs.length; k += 1) {
    const bPos = pairs[k][1];
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pairs[tails[mid]][1] < bPos) lo = mid + 1;
      else hi = mid;
    }
    previous[k] = lo > 0 ? tails[lo - 1] : -1;
    tails[lo] = k;
  }
  const chain: Array<[number, number]> = [];
  for (let k = tails[tails.length - 1]; k !== -1; k = previous[k]) chain.push(pairs[k]);
  return chain.reverse();
}

function boundedMyers(
  a: Int32Array,
  aLo: number,
  aHi: number,
  b: Int32Array,
  bLo: number,
  bHi: number,
  out: Collector,
): void {
  const size = aHi - aLo + (bHi - bLo);
  const maxEditLength = Math.max(1, Math.floor(MYERS_BUDGET / size));
  const changes = diffArrays(Array.from(a.subarray(aLo, aHi)), Array.from(b.subarray(bLo, bHi)), {
    maxEditLength,
  });
  if (!changes) {
    multisetDifference(a, aLo, aHi, b, bLo, bHi, out);
    return;
  }
  let i = aLo;
  let j = bLo;
  for (const change of changes) {
    const count = change.count ?? change.value.length;
    if (change.removed) {
      out.removed(i, i + count, j);
      i += count;
    } else if (change.added) {
      out.added(j, j + count, i);
      j += count;
    } else {
      i += count;
      j += count;
    }
  }
}

/**
 * Lines of each side that the other side lacks, counted with multiplicity, in document order. Their
 * places on the other side are not known: the edits say the start of the gap.
 */
function multisetDifference(
  a: Int32Array,
  aLo: number,
  aHi: number,
  b: Int32Array,
  bLo: number,
  bHi: number,
  out: Collector,
): void {
  const inB = new Map<number, number>();
  for (let j = bLo; j < bHi; j += 1) inB.set(b[j], (inB.get(b[j]) ?? 0) + 1);
  const inA = new Map<number, number>();
  for (let i = aLo; i < aHi; i += 1) inA.set(a[i], (inA.get(a[i]) ?? 0) + 1);
  const spareB = new Map(inB);
  for (let i = aLo; i < aHi; i += 1) {
    const left = spareB.get(a[i]) ?? 0;
    if (left > 0) spareB.set(a[i], left - 1);
    else out.removedAt(i, bLo);
  }
  for (let j = bLo; j < bHi; j += 1) {
    const left = inA.get(b[j]) ?? 0;
    if (left > 0) inA.set(b[j], left - 1);
    else out.addedAt(j, aLo);
  }
}
