import { ApiError } from '../errors/api-error.js';
import { PageDocument } from '../extract/page-document.js';
import { fetchPage } from '../fetch/fetch-page.js';
import type { BodyKind, FetchEnvironment, FetchedPage } from '../fetch/types.js';
import { crawlableUrl, looksLikePage } from './crawl-url.js';
import type { Deadline } from './deadline.js';
import { compareEntries, Frontier, type FrontierEntry } from './frontier.js';
import { HostPoliteness } from './politeness.js';

const SEED_POSITION = 1_000_000;

export interface CrawledPage<T> {
  /** The URL as queued. */
  url: string;
  /** Breadth-first position (frontier.ts). */
  position: number[];
  finalUrl: string;
  depth: number;
  /** The target's status; null when no response came (timeout, refused connection). */
  status: number | null;
  kind: BodyKind | null;
  /**
   * Links found on the page, absolute, fragment dropped, deduplicated, in document order: in-scope
   * ones robots.txt lets the service fetch, and every out-of-scope one (never fetched, never checked).
   */
  links: string[];
  /** What `inspect` made of the page while it was parsed. */
  output: T | null;
  error: ApiError | null;
}

export type StopReason = 'page_limit' | 'time_budget';

export interface CrawlReport<T> {
  /** Pages fetched or attempted, entry first, in breadth-first order. */
  pages: CrawledPage<T>[];
  /** In-scope URLs found but left out because robots.txt disallows them (respect_robots). */
  disallowed: string[];
  /** Queued and never started: the page limit or the time budget came first. */
  notReached: FrontierEntry[];
  /** Why the crawl ended with work left; null when the frontier ran dry. */
  stoppedBy: StopReason | null;
  /** Deepest depth of a started page. */
  maxDepthReached: number;
}

export interface CrawlOptions<T> {
  entry: string;
  /** Queued at depth 1 after the entry's own links are (sitemap URLs). */
  seeds?: string[];
  maxDepth: number;
  maxPages: number;
  deadline: Deadline;
  concurrency: number;
  /** Longest one page fetch may take; cut further to what is left of the deadline. */
  pageTimeoutCapMs: number;
  respectRobots: boolean;
  /** Links the crawl may follow (and must check against robots.txt): scope, path patterns. */
  follow: (url: string) => boolean;
  /** Reads what the caller needs from a fetched page while it is parsed; the page is not kept. */
  inspect?: (page: FetchedPage, document: PageDocument | null) => T;
}

/**
 * A breadth-first crawl from one entry page under a time budget. Every fetch goes through the guarded
 * fetcher; each host's robots.txt is read once and its Crawl-delay spaces requests to it; a URL is
 * started only while the budget lasts and the page limit is not reached, so the report says exactly
 * what was not reached. The entry page's own fetch errors are thrown: without it there is no crawl.
 */
export async function crawlSite<T>(env: FetchEnvironment, options: CrawlOptions<T>): Promise<CrawlReport<T>> {
  const politeness = new HostPoliteness(env);
  const frontier = new Frontier(options.maxDepth);
  const disallowed = new Set<string>();
  const report: CrawlReport<T> = {
    pages: [],
    disallowed: [],
    notReached: [],
    stoppedBy: null,
    maxDepthReached: 0,
  };

  /** Robots-checks the in-scope links of a page, queues the fetchable ones, returns what to list. */
  const admit = async (links: string[], parent: FrontierEntry): Promise<string[]> => {
    const listed: string[] = [];
    for (const [index, link] of links.entries()) {
      if (!options.follow(link)) {
        listed.push(link);
        continue;
      }
      const verdict = await politeness.verdict(link);
      if (!verdict.allowed && options.respectRobots) {
        disallowed.add(link);
        frontier.markSeen(link);
        continue;
      }
      listed.push(link);
      if (looksLikePage(link)) frontier.add(link, parent.depth + 1, [...parent.position, index]);
    }
    return listed;
  };

  const visit = async (entry: FrontierEntry, isEntry: boolean): Promise<void> => {
    await politeness.verdict(entry.url);
    const timeoutMs = options.deadline.fetchTimeout(options.pageTimeoutCapMs);
    if (timeoutMs <= 0 || !(await politeness.turn(entry.url, options.deadline, env.signal))) {
      report.notReached.push(entry);
      report.stoppedBy ??= 'time_budget';
      return;
    }
    const crawled: CrawledPage<T> = {
      url: entry.url,
      position: entry.position,
      finalUrl: entry.url,
      depth: entry.depth,
      status: null,
      kind: null,
      links: [],
      output: null,
      error: null,
    };
    report.pages.push(crawled);
    report.maxDepthReached = Math.max(report.maxDepthReached, entry.depth);
    let found: string[] = [];
    try {
      const page = await fetchPage(env, entry.url, { timeoutMs, respectRobots: options.respectRobots });
      crawled.finalUrl = page.finalUrl;
      crawled.status = page.status;
      crawled.kind = page.kind;
      frontier.markSeen(page.finalUrl);
      const document =
        page.kind === 'html' || page.kind === 'xml' ? PageDocument.parse(page.body, page.finalUrl) : null;
      if (document && page.status >= 200 && page.status < 300) found = linksOf(document);
      crawled.output = options.inspect ? options.inspect(page, document) : null;
    } catch (error) {
      if (isEntry || env.signal?.aborted || !(error instanceof ApiError)) throw error;
      crawled.error = error;
    }
    crawled.links = await admit(found, entry);
  };

  frontier.add(options.entry, 0, [0]);
  await visit(frontier.next()!, true);
  for (const [index, seed] of (options.seeds ?? []).entries()) {
    if (!options.follow(seed)) continue;
    const verdict = await politeness.verdict(seed);
    // After every link of the entry page, which sit at [0, i].
    if (!verdict.allowed && options.respectRobots) disallowed.add(seed);
    else if (looksLikePage(seed)) frontier.add(seed, 1, [0, SEED_POSITION + index]);
  }

  const inFlight = new Set<Promise<void>>();
  let started = report.pages.length;
  for (;;) {
    if (options.deadline.expired()) {
      if (frontier.pending().length > 0) report.stoppedBy ??= 'time_budget';
      break;
    }
    if (started >= options.maxPages) {
      if (frontier.pending().length > 0 || inFlight.size > 0) report.stoppedBy ??= 'page_limit';
      if (inFlight.size === 0) break;
      await Promise.race(inFlight);
      continue;
    }
    if (inFlight.size >= options.concurrency) {
      await Promise.race(inFlight);
      continue;
    }
    const entry = frontier.next();
    if (!entry) {
      if (inFlight.size === 0) break;
      await Promise.race(inFlight);
      continue;
    }
    started += 1;
    const task: Promise<void> = visit(entry, false).finally(() => inFlight.delete(task));
    inFlight.add(task);
  }
  await Promise.all(inFlight);

  report.notReached.push(...frontier.pending());
  report.notReached.sort(compareEntries);
  report.pages.sort(compareEntries);
  if (report.notReached.length === 0 && report.stoppedBy === 'page_limit') report.stoppedBy = null;
  report.disallowed = [...disallowed];
  return report;
}

function linksOf(document: PageDocument): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  for (const link of document.links({ include_anchors: false, include_metadata: false }).links) {
    if (!link.href) continue;
    const url = crawlableUrl(link.href);
    if (!url || seen.has(url)) continue;
    seen.add(url);
    found.push(url);
  }
  return found;
}
