/** How the robots module reads `/robots.txt`: through the guarded fetcher, never a bare socket. */
export type RobotsFileFetcher = (robotsUrl: URL) => Promise<{ status: number; body: string }>;

export interface RobotsVerdict {
  allowed: boolean;
  /** `Crawl-delay` of the group that applied, in seconds; null when none. */
  crawlDelaySeconds: number | null;
}
