import { ApiError } from '../../../errors/api-error.js';
import {
  asArray,
  asRecord,
  booleanOf,
  type JsonObject,
  multiline,
  numberOf,
  text,
} from '../shared/values.js';
import { definePageTemplate } from '../template.js';

const SITE = 'https://www.reddit.com';
const FORUM_HOSTS = new Set([
  'reddit.com',
  'www.reddit.com',
  'old.reddit.com',
  'new.reddit.com',
  'np.reddit.com',
  'm.reddit.com',
]);
const SHORT_HOST = 'redd.it';
const THREAD_PATH = /^\/(?:r\/([^/]+)\/)?comments\/([a-z0-9]+)(?:\/[^/]*)?\/?$/i;
/** docs/reference/providers.md#forum_search: post text is capped; comments follow the same cap. */
const TEXT_MAX_CHARS = 2_000;

export const forumThread = definePageTemplate({
  id: 'forum-thread',
  name: 'Forum thread',
  description:
    'A thread of the largest link-sharing forum, read from the JSON listing the forum serves for every thread: the ' +
    'post as a forum result and its comments nested, collapsed branches as `{more_count, more_ids}`.',
  mode: 'entity',
  group: 'page',
  sources: ['https://www.reddit.com/r/<community>/comments/<id>/<slug>.json?raw_json=1'],
  examples: [
    'https://www.reddit.com/r/Sourdough/comments/1f3k9qz/my_starter_doubled_in_4_hours_what_changed/',
    'https://old.reddit.com/r/Sourdough/comments/1f3k9qz/',
    'https://redd.it/1f3k9qz',
  ],
  match: (url) => (threadPath(url) !== null ? 'host' : null),
  async extract(ctx, url) {
    const path = threadPath(url);
    // The forum answers every thread URL with `.json` appended; raw_json=1 keeps text unescaped.
    const source = path
      ? `${SITE}${path}.json?raw_json=1`
      : `${url.origin}${url.pathname.replace(/\/$/, '')}.json?raw_json=1`;
    const { data, url: fetchedUrl } = await ctx.reader.pageJson(source);
    const [postListing, commentListing] = asArray(data).map(asRecord);
    const post = asRecord(asRecord(asArray(asRecord(postListing?.data).children)[0]).data);
    if (text(post.id) === null) {
      throw new ApiError('NO_TEMPLATE_MATCH', `${fetchedUrl} is not a forum thread listing`);
    }
    const tally = { comments: 0, collapsed: 0 };
    const comments = commentTree(asArray(asRecord(commentListing?.data).children), tally);
    return {
      data: {
        post: postRecord(post),
        comments,
        comment_count: tally.comments,
        comments_collapsed: tally.collapsed,
      },
      fetchedUrl,
    };
  },
});

/** `/r/<community>/comments/<id>/<slug>` of a forum host, or `/comments/<id>` for a short link. */
function threadPath(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  if (host === SHORT_HOST) {
    const id = url.pathname.split('/').filter(Boolean)[0];
    return id && /^[a-z0-9]+$/i.test(id) ? `/comments/${id}` : null;
  }
  if (!FORUM_HOSTS.has(host)) return null;
  const match = THREAD_PATH.exec(url.pathname);
  if (!match) return null;
  return url.pathname.replace(/\/$/, '');
}

function capped(value: unknown): { text: string; truncated: boolean } {
  const full = multiline(value) ?? '';
  return { text: full.slice(0, TEXT_MAX_CHARS), truncated: full.length > TEXT_MAX_CHARS };
}

function absolute(permalink: unknown): string | null {
  const path = text(permalink);
  return path === null ? null : new URL(path, SITE).href;
}

function createdAt(value: unknown): { created_utc: number | null; created_iso: string | null } {
  const seconds = numberOf(value);
  return {
    created_utc: seconds === null ? null : Math.round(seconds),
    created_iso: seconds === null ? null : new Date(seconds * 1000).toISOString(),
  };
}

/** The post as docs/reference/providers.md#forum_search's forum result. */
function postRecord(post: JsonObject) {
  const selftext = capped(post.selftext);
  return {
    id: text(post.id),
    title: text(post.title),
    author: text(post.author),
    subreddit: text(post.subreddit),
    ...createdAt(post.created_utc),
    score: numberOf(post.score),
    num_comments: numberOf(post.num_comments),
    upvote_ratio: numberOf(post.upvote_ratio),
    flair: text(post.link_flair_text),
    over_18: booleanOf(post.over_18),
    selftext: selftext.text,
    selftext_truncated: selftext.truncated,
    url: text(post.url),
    permalink: absolute(post.permalink),
  };
}

type CommentNode =
  | {
      id: string | null;
      author: string | null;
      body: string;
      body_truncated: boolean;
      score: number | null;
      created_utc: number | null;
      created_iso: string | null;
      depth: number | null;
      is_submitter: boolean | null;
      distinguished: string | null;
      stickied: boolean | null;
      permalink: string | null;
      replies: CommentNode[];
    }
  | { more_count: number; more_ids: string[] };

function commentTree(children: unknown[], tally: { comments: number; collapsed: number }): CommentNode[] {
  const nodes: CommentNode[] = [];
  for (const child of children) {
    const entry = asRecord(child);
    const data = asRecord(entry.data);
    if (entry.kind === 'more') {
      const ids = asArray(data.children)
        .map(text)
        .filter((id): id is string => id !== null);
      const count = numberOf(data.count) ?? ids.length;
      tally.collapsed += count;
      nodes.push({ more_count: count, more_ids: ids });
      continue;
    }
    if (entry.kind !== 't1') continue;
    tally.comments += 1;
    const body = capped(data.body);
    nodes.push({
      id: text(data.id),
      author: text(data.author),
      body: body.text,
      body_truncated: body.truncated,
      score: numberOf(data.score),
      ...createdAt(data.created_utc),
      depth: numberOf(data.depth),
      is_submitter: booleanOf(data.is_submitter),
      distinguished: text(data.distinguished),
      stickied: booleanOf(data.stickied),
      permalink: absolute(data.permalink),
      // A comment without replies carries "" instead of a listing.
      replies: commentTree(asArray(asRecord(asRecord(data.replies).data).children), tally),
    });
  }
  return nodes;
}
