import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiError } from '../errors/api-error.js';
import { robotsVerdict } from '../fetch/fetch-page.js';
import type { FetchEnvironment } from '../fetch/types.js';
import type { Deadline } from './deadline.js';

export interface UrlVerdict {
  allowed: boolean;
  /** Set when "disallowed" only means the host's robots.txt could not be fetched at all. */
  unreachable: ApiError | null;
}

/**
 * A crawl's manners towards each host: the robots.txt verdict for every URL it considers (read
 * through the shared robots cache, each origin's file fetched once even when many URLs ask at
 * once), and the host's `Crawl-delay` as the least time between the starts of two requests to it.
 * `Crawl-delay` is honoured even with `respect_robots: false`: it costs the caller time, not access.
 */
export class HostPoliteness {
  private readonly firstCheck = new Map<string, Promise<unknown>>();
  private readonly verdicts = new Map<string, Promise<UrlVerdict>>();
  private readonly delayMs = new Map<string, number>();
  private readonly nextStart = new Map<string, number>();

  constructor(
    private readonly env: FetchEnvironment,
    /** The longest Crawl-delay honoured; a host asking for more gets one request per call. */
    private readonly maxDelayMs = 60_000,
  ) {}

  verdict(url: string): Promise<UrlVerdict> {
    let known = this.verdicts.get(url);
    if (!known) {
      known = this.check(new URL(url));
      this.verdicts.set(url, known);
    }
    return known;
  }

  /** When the URL's host may next be fetched (epoch ms); 0 for a host not fetched yet. */
  readyAt(url: string): number {
    return this.nextStart.get(new URL(url).host) ?? 0;
  }

  /**
   * Waits for the host's next slot and takes it. False, without waiting, when the slot falls after
   * the deadline: the caller leaves the URL unstarted.
   */
  async turn(url: string, deadline: Deadline, signal?: AbortSignal): Promise<boolean> {
    const host = new URL(url).host;
    const start = Math.max(Date.now(), this.nextStart.get(host) ?? 0);
    if (start >= deadline.at) return false;
    this.nextStart.set(host, start + (this.delayMs.get(host) ?? 0));
    const wait = start - Date.now();
    if (wait > 0) await sleep(wait, undefined, { signal });
    return true;
  }

  private async check(url: URL): Promise<UrlVerdict> {
    // The first URL of an origin fetches robots.txt; the others wait for it and then read the cache.
    const origin = url.origin;
    const first = this.firstCheck.get(origin);
    if (first) await first.catch(() => {});
    const pending = robotsVerdict(this.env, url);
    if (!first) this.firstCheck.set(origin, pending);
    const verdict = await pending;
    if (verdict.crawlDelaySeconds !== null && !this.delayMs.has(url.host)) {
      this.delayMs.set(url.host, Math.min(this.maxDelayMs, Math.round(verdict.crawlDelaySeconds * 1000)));
    }
    return { allowed: verdict.allowed, unreachable: verdict.unreachable };
  }
}
