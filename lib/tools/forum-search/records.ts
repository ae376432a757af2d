import type { CommentNode, ForumThing } from '../../providers/kinds/forum-archive.js';

/** docs/reference/providers.md#forum_search and docs/reference/providers.md#limits: post text is capped at 2,000 characters. */
export const TEXT_CAP = 2_000;
const REDDIT = 'https://www.reddit.com';

/** The forum result record of docs/reference/providers.md#forum_search, its fields in that order and no others. */
export interface ForumRecord {
  id: string;
  title: string | null;
  author: string | null;
  subreddit: string | null;
  created_utc: number | null;
  created_iso: string | null;
  score: number | null;
  num_comments: number | null;
  upvote_ratio: number | null;
  flair: string | null;
  over_18: boolean | null;
  selftext: string | null;
  selftext_truncated: boolean;
  url: string | null;
  permalink: string | null;
}

export type ThreadComment =
  | {
      id: string;
      author: string | null;
      body: string | null;
      body_truncated: boolean;
      score: number | null;
      created_utc: number | null;
      created_iso: string | null;
      permalink: string | null;
      depth: number;
      replies: ThreadComment[];
    }
  | { more_count: number; more_ids: string[] };

export function capText(text: string | null): { text: string | null; truncated: boolean } {
  if (text === null) return { text: null, truncated: false };
  const points = Array.from(text);
  return points.length > TEXT_CAP
    ? { text: points.slice(0, TEXT_CAP).join(''), truncated: true }
    : { text, truncated: false };
}

export function absolutePermalink(permalink: string | null): string | null {
  if (!permalink) return null;
  return /^https?:\/\//.test(permalink)
    ? permalink
    : `${REDDIT}${permalink.startsWith('/') ? '' : '/'}${permalink}`;
}

export function isoOf(epochSeconds: number | null): string | null {
  return epochSeconds === null ? null : new Date(epochSeconds * 1000).toISOString();
}

/** A post or a comment as the docs/reference/providers.md#forum_search record; a comment has no title and its body is the text. */
export function forumRecord(thing: ForumThing): ForumRecord {
  const { text, truncated } = capText(thing.text);
  const permalink = absolutePermalink(thing.permalink);
  return {
    id: thing.id,
    title: thing.title,
    author: thing.author,
    subreddit: thing.subreddit,
    created_utc: thing.created_utc,
    created_iso: isoOf(thing.created_utc),
    score: thing.score,
    num_comments: thing.num_comments,
    upvote_ratio: thing.upvote_ratio,
    flair: thing.link_flair_text,
    over_18: thing.over_18,
    selftext: text,
    selftext_truncated: truncated,
    url: thing.url ?? permalink,
    permalink,
  };
}

export interface ThreadComments {
  comments: ThreadComment[];
  comment_count: number;
  comments_collapsed: number;
}

export function threadComments(nodes: CommentNode[]): ThreadComments {
  let count = 0;
  let collapsed = 0;
  const walk = (list: CommentNode[]): ThreadComment[] =>
    list.map((node) => {
      if (node.kind === 'more') {
        collapsed += node.count;
        return { more_count: node.count, more_ids: node.ids };
      }
      count += 1;
      const { text, truncated } = capText(node.comment.text);
      return {
        id: node.comment.id,
        author: node.comment.author,
        body: text,
        body_truncated: truncated,
        score: node.comment.score,
        created_utc: node.comment.created_utc,
        created_iso: isoOf(node.comment.created_utc),
        permalink: absolutePermalink(node.comment.permalink),
        depth: node.depth,
        replies: walk(node.replies),
      };
    });
  const comments = walk(nodes);
  return { comments, comment_count: count, comments_collapsed: collapsed };
}
