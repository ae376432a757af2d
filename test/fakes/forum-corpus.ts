/**
 * The Reddit records both archive fakes serve: the fields of Reddit's own API (which Arctic Shift
 * and PullPush both pass on), a few posts in two communities, their comments, and one thread deep
 * and wide enough to be collapsed. Timestamps are fixed so date filters are testable.
 */
export interface FixturePost {
  id: string;
  title: string;
  selftext: string;
  author: string;
  subreddit: string;
  created_utc: number;
  score: number;
  num_comments: number;
  upvote_ratio: number;
  link_flair_text: string | null;
  over_18: boolean;
  url: string;
  permalink: string;
}

export interface FixtureComment {
  id: string;
  body: string;
  author: string;
  subreddit: string;
  created_utc: number;
  score: number;
  link_id: string;
  parent_id: string;
  permalink: string;
}

const DAY = 86_400;
/** 2024-06-01T00:00:00Z */
export const CORPUS_EPOCH = 1_717_200_000;

const post = (
  id: string,
  subreddit: string,
  author: string,
  daysAfterEpoch: number,
  title: string,
  selftext: string,
  extra: Partial<FixturePost> = {},
): FixturePost => {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .slice(0, 40);
  const permalink = `/r/${subreddit}/comments/${id}/${slug}/`;
  return {
    id,
    title,
    selftext,
    author,
    subreddit,
    created_utc: CORPUS_EPOCH + daysAfterEpoch * DAY,
    score: 120 + daysAfterEpoch,
    num_comments: 14,
    upvote_ratio: 0.97,
    link_flair_text: 'Discussion',
    over_18: false,
    url: `https://www.reddit.com${permalink}`,
    permalink,
    ...extra,
  };
};

export const FIXTURE_POSTS: FixturePost[] = [
  post(
    '1d5abc1',
    'rust',
    'ferris_fan',
    1,
    'Async runtime comparison: tokio vs smol',
    'I benchmarked tokio and smol for a web crawler. Tokio won on throughput.',
  ),
  post(
    '1d5abc2',
    'rust',
    'borrowck',
    3,
    'Why does the borrow checker reject this?',
    'A closure captures a mutable reference and the compiler complains about lifetimes.',
  ),
  post(
    '1d5abc3',
    'rust',
    'ferris_fan',
    5,
    'Tokio graceful shutdown patterns',
    'Shutdown with a cancellation token and a join set works well for servers.',
    {
      link_flair_text: 'Tutorial',
    },
  ),
  post(
    '1d5abc4',
    'programming',
    'oldtimer',
    2,
    'Async await in five languages',
    'Comparing async await in Rust, Python, JavaScript, C# and Kotlin.',
    {
      url: 'https://blog.example.com/async-five-languages',
      link_flair_text: null,
    },
  ),
  post(
    '1d5abc5',
    'programming',
    'ferris_fan',
    8,
    'A very long post about runtimes',
    'Runtime internals. '.repeat(200).trim(),
  ),
];

const comment = (
  id: string,
  postId: string,
  parent: string,
  author: string,
  minutes: number,
  body: string,
): FixtureComment => {
  const owner = FIXTURE_POSTS.find((entry) => entry.id === postId) as FixturePost;
  return {
    id,
    body,
    author,
    subreddit: owner.subreddit,
    created_utc: owner.created_utc + minutes * 60,
    score: 10 + minutes,
    link_id: `t3_${postId}`,
    parent_id: parent,
    permalink: `${owner.permalink}${id}/`,
  };
};

/** The thread of post 1d5abc1: three top-level comments, one of them with a reply chain. */
export const FIXTURE_COMMENTS: FixtureComment[] = [
  comment(
    'l6c0001',
    '1d5abc1',
    't3_1d5abc1',
    'smol_user',
    5,
    'Smol is lighter, but tokio has the ecosystem.',
  ),
  comment('l6c0002', '1d5abc1', 't1_l6c0001', 'ferris_fan', 9, 'Agreed, the ecosystem decided it for me.'),
  comment('l6c0003', '1d5abc1', 't1_l6c0002', 'smol_user', 12, 'Hyper alone is reason enough.'),
  comment(
    'l6c0004',
    '1d5abc1',
    't3_1d5abc1',
    'bench_nerd',
    20,
    'Did you pin the worker threads when benchmarking?',
  ),
  comment('l6c0005', '1d5abc1', 't3_1d5abc1', 'lurker42', 30, 'Great write-up, thanks.'),
  comment(
    'l6c0006',
    '1d5abc2',
    't3_1d5abc2',
    'borrowck',
    4,
    'Use a scoped thread and the borrow checker is happy.',
  ),
  comment('l6c0007', '1d5abc4', 't3_1d5abc4', 'oldtimer', 15, 'Kotlin coroutines deserve their own post.'),
];

/**
 * Full-text matching close enough to PostgreSQL's websearch_to_tsquery (what Arctic Shift uses)
 * and Pushshift's `q`: words all present, "quoted phrases" in order, `-word` absent, `OR` or `|`
 * between alternatives.
 */
export function matchesQuery(text: string, query: string): boolean {
  const haystack = text.toLowerCase();
  const alternatives = query.split(/\s+OR\s+|\|/);
  return alternatives.some((alternative) => {
    const terms = alternative.match(/-?"[^"]*"|\S+/g) ?? [];
    return terms.every((term) => {
      const negated = term.startsWith('-');
      const bare = term.replace(/^-/, '').replace(/^"|"$/g, '').toLowerCase();
      if (bare === '') return true;
      const present = haystack.includes(bare);
      return negated ? !present : present;
    });
  });
}
