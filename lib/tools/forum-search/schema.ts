import { z } from '@hono/zod-openapi';
import { parseForumDate } from './dates.js';

export const FORUM_SOURCES = ['auto', 'archive_a', 'archive_b', 'web_discovery'] as const;

const date = (which: 'after' | 'before') =>
  z
    .union([z.string().trim().min(1), z.number()])
    .optional()
    .openapi({
      description: `Only content posted ${which} this time: ISO 8601 (\`2024-06-01\`, \`2024-06-01T12:00:00Z\`), epoch seconds, or an offset back from now (\`7d\`, \`12h\`, \`30min\`).`,
      example: which === 'after' ? '30d' : '2024-06-30',
    });

export const forumSearchSchema = z
  .object({
    query: z.string().trim().min(1).max(500).optional().openapi({
      description:
        'Full-text search: words, "quoted phrases", `OR` between alternatives, `-word` to exclude.',
      example: 'tokio "graceful shutdown" -actix',
    }),
    subreddit: z
      .string()
      .trim()
      .transform((value) => value.replace(/^\/?r\//i, ''))
      .pipe(z.string().regex(/^[A-Za-z0-9_]{2,21}$/, 'must be a community name such as rust or r/rust'))
      .optional()
      .openapi({ description: 'Community name, `r/` prefix optional.', example: 'rust' }),
    author: z
      .string()
      .trim()
      .transform((value) => value.replace(/^\/?u\//i, ''))
      .pipe(z.string().regex(/^[A-Za-z0-9_-]{1,30}$/, 'must be a user name such as spez or u/spez'))
      .optional()
      .openapi({ description: 'Author name, `u/` prefix optional.', example: 'ferris_fan' }),
    mode: z.enum(['posts', 'comments', 'thread']).default('posts').openapi({
      description: '`posts`, `comments`, or `thread` (a post and its nested comments; needs `link_id`).',
      example: 'posts',
    }),
    link_id: z
      .string()
      .trim()
      .transform((value) => value.replace(/^t3_/i, '').toLowerCase())
      .pipe(z.string().regex(/^[a-z0-9]{1,13}$/, 'must be a post id such as 1d5abc1 or t3_1d5abc1'))
      .optional()
      .openapi({ description: 'Post id for `thread`, with or without `t3_`.', example: 't3_1d5abc1' }),
    after: date('after'),
    before: date('before'),
    limit: z.number().int().min(1).max(100).default(25).openapi({
      description:
        'Results (1–100); in `thread` mode the most comments returned before the rest are collapsed.',
      example: 25,
    }),
    sort: z
      .enum(['desc', 'asc'])
      .default('desc')
      .openapi({ description: 'By date: newest first (`desc`) or oldest first.', example: 'desc' }),
    source: z
      .enum(FORUM_SOURCES)
      .default('auto')
      .openapi({
        description:
          '`auto`: scoped searches and threads on `archive_a`, falling back to `archive_b`; an unscoped keyword search ' +
          'through `web_discovery`. `archive_a` needs `subreddit` or `author`; `thread` works on `archive_a` only; ' +
          '`web_discovery` returns at most 10 posts by relevance and ignores dates.',
        example: 'auto',
      }),
  })
  .superRefine((input, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const scoped = input.subreddit !== undefined || input.author !== undefined;
    if (input.mode === 'thread') {
      if (input.link_id === undefined) issue('link_id', 'thread mode needs link_id');
      if (input.source !== 'auto' && input.source !== 'archive_a') {
        issue('source', `thread mode works on archive_a only, not ${input.source}`);
      }
    } else {
      if (input.query === undefined && !scoped)
        issue('query', 'every search needs at least one of query, subreddit or author');
      if (input.source === 'archive_a' && !scoped)
        issue('source', 'archive_a searches need subreddit or author');
      if (input.source === 'web_discovery' && input.query === undefined)
        issue('query', 'web_discovery needs a query');
      if (input.source === 'web_discovery' && input.mode === 'comments')
        issue('mode', 'web_discovery finds posts only');
    }
    const after = input.after === undefined ? undefined : parseForumDate(input.after);
    const before = input.before === undefined ? undefined : parseForumDate(input.before);
    if (after === null) issue('after', 'must be ISO 8601, epoch seconds or an offset such as 7d');
    if (before === null) issue('before', 'must be ISO 8601, epoch seconds or an offset such as 7d');
    if (typeof after === 'number' && typeof before === 'number' && after >= before)
      issue('after', 'must be earlier than before');
  });

export type ForumSearchInput = z.output<typeof forumSearchSchema>;
