import { z } from '@hono/zod-openapi';

const text = z.string().nullable();
const int = z.number().int().nullable();

const forumRecord = z.object({
  id: z.string(),
  title: text,
  author: text,
  subreddit: text,
  created_utc: int,
  created_iso: text,
  score: int,
  num_comments: int,
  upvote_ratio: z.number().nullable(),
  flair: text,
  over_18: z.boolean().nullable(),
  selftext: text,
  selftext_truncated: z.boolean(),
  url: text,
  permalink: text,
});

/** A comment with its replies (the same shape, nested), or a collapsed `{more_count, more_ids}`. */
const threadComment = z.union([
  z.object({
    id: z.string(),
    author: text,
    body: text,
    body_truncated: z.boolean(),
    score: int,
    created_utc: int,
    created_iso: text,
    permalink: text,
    depth: z.number().int(),
    replies: z.array(z.unknown()).openapi({ description: 'Comments of this same shape, one level deeper.' }),
  }),
  z.object({ more_count: z.number().int(), more_ids: z.array(z.string()) }),
]);

const common = {
  source: z.enum(['archive_a', 'archive_b', 'web_discovery']),
  mode: z.enum(['posts', 'comments', 'thread']),
  query: text,
  subreddit: text,
  author: text,
  count: z.number().int(),
  notes: z.array(z.string()),
  checkedAt: z.string(),
};

export const forumSearchResult = z
  .union([
    z.object({
      ...common,
      link_id: z.string(),
      post: forumRecord.nullable(),
      comments: z.array(threadComment),
      comment_count: z.number().int(),
      comments_collapsed: z.number().int(),
    }),
    z.object({ ...common, results: z.array(forumRecord), fallback_used: z.literal(true).optional() }),
  ])
  .openapi({ description: 'Thread mode: the post and its comments; the search modes: `results`.' });
