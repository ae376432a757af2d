/** How the robots module reads `/robots.txt`: through the guarded fetcher, never a bare socket. */
export type RobotsFileFetcher = (robotsUrl: URL) => Promise<{ status: number; body: string }>;

export interface RobotsVerdict {
  allowed: boolean;
  /** `Crawl-delay` of the group that applied, in seconds; null when none. */
  crawlDelaySeconds: number | null;
}

export interface RobotsRule {
  allow: boolean;
  /** Normalised with `normaliseRobotsPath`; `*` is a wildcard and a final `$` anchors the end. */
  pattern: string;
}

/** The rules that apply to one crawler: every group naming it, merged. */
export interface RobotsGroup {
  rules: RobotsRule[];
  /** Seconds; the first valid `Crawl-delay` among the merged groups, null when none. */
  crawlDelaySeconds: number | null;
}

export interface ParsedRobots {
  groups: Array<RobotsGroup & { agents: string[] }>;
}
