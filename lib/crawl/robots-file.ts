import { guardedRequest } from '../fetch/fetch-page.js';
import { parseRobots, selectGroup } from '../fetch/robots/index.js';
import type { FetchEnvironment } from '../fetch/types.js';

/** RFC 9309 §2.5. */
const ROBOTS_MAX_BYTES = 500 * 1024;
const ROBOTS_TIMEOUT_MS = 5_000;

export interface RobotsFileSummary {
  /** robots.txt answered 2xx. */
  found: boolean;
  /** `Sitemap:` lines, absolute http(s) URLs in file order (the field applies to every group). */
  sitemaps: string[];
  /** Non-empty `Disallow` rules of the group that applies to the service's token. */
  disallowCount: number;
  /** Those rules' paths (normalised), in file order. */
  disallowedPaths: string[];
  crawlDelaySeconds: number | null;
}

const NOTHING: RobotsFileSummary = {
  found: false,
  sitemaps: [],
  disallowCount: 0,
  disallowedPaths: [],
  crawlDelaySeconds: null,
};

/**
 * What a site map needs from robots.txt beyond allow/disallow: the sitemaps it names and how much it
 * closes. The allow/disallow verdicts themselves come from the shared robots cache (politeness.ts);
 * this reads the file once more because the cache keeps only our group, not the Sitemap lines.
 */
export async function readRobotsFile(env: FetchEnvironment, origin: string): Promise<RobotsFileSummary> {
  let response: { status: number; body: string };
  try {
    response = await guardedRequest(env, new URL('/robots.txt', origin), {
      timeoutMs: ROBOTS_TIMEOUT_MS,
      maxBytes: ROBOTS_MAX_BYTES,
      overflow: 'truncate',
      readAs: 'text',
      tooManyRedirects: 'return',
      headers: { accept: 'text/plain,*/*;q=0.5' },
    });
  } catch {
    return NOTHING;
  }
  if (response.status < 200 || response.status > 299) return NOTHING;
  const group = selectGroup(parseRobots(response.body), env.config.ROBOTS_PRODUCT_TOKEN);
  const disallowedPaths = group.rules.filter((rule) => !rule.allow).map((rule) => rule.pattern);
  return {
    found: true,
    sitemaps: sitemapLines(response.body, origin),
    disallowCount: disallowedPaths.length,
    disallowedPaths,
    crawlDelaySeconds: group.crawlDelaySeconds,
  };
}

export function sitemapLines(text: string, origin: string): string[] {
  const found: string[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    const match = /^\s*sitemap\s*:\s*(\S+)/i.exec(line);
    if (!match) continue;
    try {
      const url = new URL(match[1], origin);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && !found.includes(url.href))
        found.push(url.href);
    } catch {}
  }
  return found;
}
