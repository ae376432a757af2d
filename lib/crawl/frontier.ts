import { crawlKey } from './crawl-url.js';

export interface FrontierEntry {
  url: string;
  depth: number;
  /**
   * Where the URL sits in a breadth-first reading of the site: its parent's position plus its index
   * among the parent's links. Ordering by (depth, position) gives the same order whichever page of a
   * level finished loading first.
   */
  position: number[];
}

/** Breadth-first order: shallower first, then by position. */
export function compareEntries(a: FrontierEntry, b: FrontierEntry): number {
  if (a.depth !== b.depth) return a.depth - b.depth;
  const length = Math.min(a.position.length, b.position.length);
  for (let i = 0; i < length; i++) if (a.position[i] !== b.position[i]) return a.position[i] - b.position[i];
  return a.position.length - b.position.length;
}

/**
 * The queue of a breadth-first crawl: every page is queued once (by `crawlKey`), nothing deeper than
 * `maxDepth`, and taken in breadth-first order even when pages of one level finish out of order.
 */
export class Frontier {
  private readonly seen = new Set<string>();
  private readonly queue: FrontierEntry[] = [];

  constructor(readonly maxDepth: number) {}

  /** Queues `url` unless it was seen or lies too deep; true when queued. */
  add(url: string, depth: number, position: number[]): boolean {
    if (depth > this.maxDepth) return false;
    const key = crawlKey(url);
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    const entry = { url, depth, position };
    let low = 0;
    let high = this.queue.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compareEntries(this.queue[middle], entry) <= 0) low = middle + 1;
      else high = middle;
    }
    this.queue.splice(low, 0, entry);
    return true;
  }

  /** Marks a URL seen without queueing it (a redirect's target, a page refused by robots.txt). */
  markSeen(url: string): void {
    this.seen.add(crawlKey(url));
  }

  next(): FrontierEntry | undefined {
    return this.queue.shift();
  }

  /** Queued and never started, in breadth-first order. */
  pending(): FrontierEntry[] {
    return [...this.queue];
  }
}
