import { gatherResults } from '../../providers/kinds/gather-results.js';
import type { WebSearchHit, WebSearchProvider } from '../../providers/kinds/web-search.js';
import { capText, type ForumRecord } from './records.js';

/** docs/reference/providers.md#forum_search and docs/reference/providers.md#limits: the web-discovery path returns at most 10 posts. */
export const WEB_DISCOVERY_MAX = 10;
const THREAD_URL = /^https?:\/\/(?:[a-z]+\.)?reddit\.com\/r\/([A-Za-z0-9_]+)\/comments\/([a-z0-9]+)/i;

export const WEB_DISCOVERY_NOTE =
  'web_discovery: posts found by a web search of reddit.com, ordered by relevance (at most 10); after, before ' +
  'and sort do not apply, and author, dates and scores are not known from a search result.';

/**
 * An unscoped keyword search through the web search provider: thread URLs of reddit.com among the
 * results, one record per thread, the search snippet standing in for the text.
 */
export async function discoverPosts(
  provider: WebSearchProvider,
  search: { query: string; subreddit?: string; limit: number },
  options: { timeoutMs: number; signal: AbortSignal },
): Promise<ForumRecord[]> {
  const site = search.subreddit ? `site:reddit.com/r/${search.subreddit}` : 'site:reddit.com';
  const gathered = await gatherResults(
    provider,
    { query: `${search.query} ${site}`, lang: 'en', safeSearch: false, timeRange: 'all' },
    { limit: 20, ...options },
  );
  const seen = new Set<string>();
  const records: ForumRecord[] = [];
  for (const hit of gathered.hits) {
    const record = threadRecord(hit);
    if (!record || seen.has(record.id)) continue;
    seen.add(record.id);
    records.push(record);
    if (records.length >= Math.min(search.limit, WEB_DISCOVERY_MAX)) break;
  }
  return records;
}

function threadRecord(hit: WebSearchHit): ForumRecord | null {
  const match = THREAD_URL.exec(hit.url);
  if (!match) return null;
  const [, subreddit, id] = match;
  const permalink = `https://www.reddit.com${new URL(hit.url).pathname}`;
  const { text, truncated } = capText(hit.snippet || null);
  return {
    id,
    title: hit.title.replace(/\s*(?::\s*r\/[A-Za-z0-9_]+|[-|]\s*Reddit)\s*$/i, '').trim() || hit.title,
    author: null,
    subreddit,
    created_utc: null,
    created_iso: null,
    score: null,
    num_comments: null,
    upvote_ratio: null,
    flair: null,
    over_18: null,
    selftext: text,
    selftext_truncated: truncated,
    url: permalink,
    permalink,
  };
}
