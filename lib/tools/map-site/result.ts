import type { ToolContext } from '../define.js';

export interface MapSiteData {
  base_url: string;
  source: 'sitemap' | 'crawl';
  total_pages: number;
  internal_links: number;
  external_links: number;
  pages: string[];
  max_depth_reached: number | null;
  sitemap: Record<string, string[]> | null;
}

/** docs/reference/README.md#common-parameters: discovered URLs robots.txt disallows are left out, and their number is a warning. */
export function warnDisallowed(ctx: ToolContext, count: number, respectRobots: boolean): void {
  if (count === 0) return;
  const urls = `${count} discovered URL${count === 1 ? '' : 's'} disallowed by robots.txt for ${ctx.services.config.ROBOTS_PRODUCT_TOKEN}`;
  ctx.warn(
    respectRobots
      ? `${urls} ${count === 1 ? 'was' : 'were'} left out`
      : `${urls} ${count === 1 ? 'is' : 'are'} listed because respect_robots is false`,
  );
}
