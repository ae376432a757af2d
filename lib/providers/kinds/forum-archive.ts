import type { CallOptions } from './call-options.js';

/**
 * A forum archive (Reddit-style posts and comments): `archive_a` (Arctic Shift) and `archive_b`
 * (PullPush) both serve the records Reddit's own API defines, so one reader normalises them.
 */
export interface ForumSearch {
  /** Full-text query: words, "quoted phrases", OR, -exclusions. */
  query?: string;
  /** Without the `r/` prefix. */
  subreddit?: string;
  /** Without the `u/` prefix. */
  author?: string;
  /** Epoch seconds. */
  after?: number;
  before?: number;
  limit: number;
  sort: 'asc' | 'desc';
}

/** One post or comment with the fields of Reddit's API that the tools read. */
export interface ForumThing {
  id: string;
  title: string | null;
  author: string | null;
  subreddit: string | null;
  created_utc: number | null;
  score: number | null;
  num_comments: number | null;
  upvote_ratio: number | null;
  link_flair_text: string | null;
  over_18: boolean | null;
  /** A post's selftext or a comment's body. */
  text: string | null;
  url: string | null;
  permalink: string | null;
  link_id: string | null;
  parent_id: string | null;
}

export type CommentNode =
  | { kind: 'comment'; comment: ForumThing; depth: number; replies: CommentNode[] }
  | { kind: 'more'; count: number; ids: string[] };

export interface ForumThread {
  post: ForumThing | null;
  comments: CommentNode[];
}

export interface ForumArchive {
  /** The neutral source name callers use (docs/reference/providers.md#forum_search): `archive_a`, `archive_b`. */
  readonly source: 'archive_a' | 'archive_b';
  readonly label: string;
  searchPosts(search: ForumSearch, options: CallOptions): Promise<ForumThing[]>;
  searchComments(search: ForumSearch, options: CallOptions): Promise<ForumThing[]>;
  /** A post and its comment tree; only archives that keep trees implement it. */
  thread?(postId: string, limit: number, options: CallOptions): Promise<ForumThread>;
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value)
    ? value
    : typeof value === 'string' && /^\d+(\.\d+)?$/.test(value)
      ? Number(value)
      : null;

/** A Reddit API object (post or comment) as either archive returns it. */
export function readThing(raw: unknown): ForumThing | null {
  if (!raw || typeof raw !== 'object') return null;
  const thing = raw as Record<string, unknown>;
  const id = str(thing.id);
  if (!id) return null;
  return {
    id,
    title: str(thing.title),
    author: str(thing.author),
    subreddit: str(thing.subreddit),
    created_utc: num(thing.created_utc),
    score: num(thing.score),
    num_comments: num(thing.num_comments),
    upvote_ratio: num(thing.upvote_ratio),
    link_flair_text: str(thing.link_flair_text),
    over_18: typeof thing.over_18 === 'boolean' ? thing.over_18 : null,
    text: str(thing.selftext) ?? str(thing.body),
    url: str(thing.url),
    permalink: str(thing.permalink),
    link_id: str(thing.link_id),
    parent_id: str(thing.parent_id),
  };
}
