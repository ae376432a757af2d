import { ApiError } from '../../errors/api-error.js';
import { forumArchives } from '../../providers/configured/forum.js';
import { notConfigured } from '../../providers/configured/not-configured.js';
import { WEB_SEARCH_VARIABLES, webSearchProvider } from '../../providers/configured/web-search.js';
import { everyFailureAs, providerApiError } from '../../providers/http/api-error.js';
import { ProviderError } from '../../providers/http/provider-error.js';
import { providerTimeout } from '../../providers/http/provider-request.js';
import type { ForumArchive, ForumSearch } from '../../providers/kinds/forum-archive.js';
import { defineTool, type ToolContext } from '../define.js';
import { parseForumDate } from './dates.js';
import { type ForumRecord, forumRecord, type ThreadComment, threadComments } from './records.js';
import { forumSearchResult } from './result-schema.js';
import { type ForumSearchInput, forumSearchSchema } from './schema.js';
import { discoverPosts, WEB_DISCOVERY_NOTE } from './web-discovery.js';

/** Each archive gets 10 s, so an archive_a failure still leaves archive_b room in the window. */
const ARCHIVE_TIMEOUT_MS = 10_000;
const DISCOVERY_TIMEOUT_MS = 10_000;
const RECENT_SCORES_NOTE =
  'Scores and comment counts of content under about 36 hours old may read 0 or 1 (archived as posted).';

type Source = 'archive_a' | 'archive_b' | 'web_discovery';

interface CommonData {
  source: Source;
  mode: ForumSearchInput['mode'];
  query: string | null;
  subreddit: string | null;
  author: string | null;
  count: number;
}

export type ForumSearchData =
  | (CommonData & { results: ForumRecord[]; notes: string[]; checkedAt: string; fallback_used?: true })
  | (CommonData & {
      link_id: string;
      post: ForumRecord | null;
      comments: ThreadComment[];
      comment_count: number;
      comments_collapsed: number;
      notes: string[];
      checkedAt: string;
    });

export const forumSearchTool = defineTool({
  name: 'forum_search',
  kind: 'providers',
  summary:
    'Reddit posts, comments and comment threads from public archives, scoped by community, author and date.',
  description:
    'Searches archived Reddit posts and comments (archive_a: Arctic Shift; archive_b: PullPush, the fallback) by ' +
    'query, community, author and date, or returns a post with its nested comment tree (collapsed branches as ' +
    '`{more_count, more_ids}`). An unscoped keyword search goes to web discovery (a web search of reddit.com, at ' +
    `most 10 posts), which needs ${WEB_SEARCH_VARIABLES}. Both archives failing: 502, uncharged. Archive base URLs: ` +
    'ARCTIC_SHIFT_URL and PULLPUSH_URL.',
  price: 5,
  basePrice: 5,
  schema: forumSearchSchema,
  result: forumSearchResult,
  example: { query: 'graceful shutdown', subreddit: 'r/rust', after: '30d', limit: 10 },
  async run(ctx, input): Promise<{ data: ForumSearchData }> {
    const archives = forumArchives(ctx.services.config);
    const timeoutMs = providerTimeout(ARCHIVE_TIMEOUT_MS, ctx.services.config.PROVIDER_TIMEOUT_MS);
    const common = {
      mode: input.mode,
      query: input.query ?? null,
      subreddit: input.subreddit ?? null,
      author: input.author ?? null,
    };
    if (input.mode === 'thread')
      return { data: await thread(ctx, archives.archive_a, input, timeoutMs, common) };

    const notes: string[] = [RECENT_SCORES_NOTE];
    const scoped = input.subreddit !== undefined || input.author !== undefined;
    const search: ForumSearch = {
      query: input.query,
      subreddit: input.subreddit,
      author: input.author,
      after: input.after === undefined ? undefined : (parseForumDate(input.after) as number),
      before: input.before === undefined ? undefined : (parseForumDate(input.before) as number),
      limit: input.limit,
      sort: input.sort,
    };
    const fromArchive = async (archive: ForumArchive) => {
      const things = await (input.mode === 'comments' ? archive.searchComments : archive.searchPosts)(
        search,
        {
          signal: ctx.signal,
          timeoutMs,
        },
      );
      return things.map(forumRecord);
    };
    const answer = (source: Source, results: ForumRecord[], fallback = false): { data: ForumSearchData } => ({
      data: {
        source,
        ...common,
        count: results.length,
        results,
        notes,
        checkedAt: new Date().toISOString(),
        ...(fallback ? { fallback_used: true as const } : {}),
      },
    });

    if (input.source === 'archive_a' || input.source === 'archive_b') {
      try {
        return answer(input.source, await fromArchive(archives[input.source]));
      } catch (error) {
        throw archiveFailure(error);
      }
    }
    if (input.source === 'web_discovery' || (!scoped && input.mode === 'posts')) {
      const provider = webSearchProvider(ctx.services.config);
      if (input.source === 'web_discovery' && !provider) {
        throw notConfigured('forum_search', 'a web search provider for web_discovery', WEB_SEARCH_VARIABLES);
      }
      if (provider) {
        try {
          notes.unshift(WEB_DISCOVERY_NOTE);
          const records = await discoverPosts(
            provider,
            { query: input.query as string, subreddit: input.subreddit, limit: input.limit },
            {
              signal: ctx.signal,
              timeoutMs: providerTimeout(DISCOVERY_TIMEOUT_MS, ctx.services.config.PROVIDER_TIMEOUT_MS),
            },
          );
          return answer('web_discovery', records);
        } catch (error) {
          if (input.source === 'web_discovery') {
            throw providerApiError(error, {
              tool: 'forum_search',
              what: 'web search provider',
              map: BAD_GATEWAY,
            });
          }
          notes.shift();
          notes.push(`web_discovery failed (${reason(error)}); archive_b answered instead.`);
          return fallbackTo(archives.archive_b);
        }
      }
      notes.push(
        'No web search provider is configured for web_discovery; archive_b answered the unscoped search.',
      );
      return fallbackTo(archives.archive_b);
    }

    // auto, scoped: archive_a first, archive_b when it fails.
    try {
      return answer('archive_a', await fromArchive(archives.archive_a));
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      notes.push(`archive_a failed (${reason(error)}); archive_b answered instead.`);
      return fallbackTo(archives.archive_b);
    }

    async function fallbackTo(archive: ForumArchive): Promise<{ data: ForumSearchData }> {
      try {
        return answer(archive.source, await fromArchive(archive), true);
      } catch (error) {
        throw archiveFailure(error, notes);
      }
    }
  },
});

const BAD_GATEWAY = everyFailureAs('TOOL_ERROR', 502);

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** docs/reference/providers.md#errors: the archives failing is 502, whatever each said. */
function archiveFailure(error: unknown, notes: string[] = []): ApiError {
  const mapped = providerApiError(error, { tool: 'forum_search', what: 'forum archive', map: BAD_GATEWAY });
  if (notes.length === 0 || mapped.code !== 'TOOL_ERROR') return mapped;
  const earlier = notes.filter((note) => note.includes('failed')).join(' ');
  return new ApiError('TOOL_ERROR', `Both forum archives failed. ${earlier} ${mapped.message}`.trim(), {
    status: 502,
    extra: mapped.extra,
  });
}

async function thread(
  ctx: ToolContext,
  archive: ForumArchive,
  input: ForumSearchInput,
  timeoutMs: number,
  common: Omit<CommonData, 'source' | 'count'>,
): Promise<ForumSearchData> {
  const linkId = input.link_id as string;
  if (!archive.thread)
    throw new ApiError('TOOL_ERROR', 'archive_a cannot return comment threads.', { status: 502 });
  let answer: Awaited<ReturnType<NonNullable<ForumArchive['thread']>>>;
  try {
    answer = await archive.thread(linkId, input.limit, { signal: ctx.signal, timeoutMs });
  } catch (error) {
    throw archiveFailure(error);
  }
  const tree = threadComments(answer.comments);
  const notes = [RECENT_SCORES_NOTE];
  if (!answer.post) notes.push(`archive_a has no post ${linkId}; comments are shown if it has any.`);
  return {
    source: 'archive_a',
    ...common,
    count: tree.comment_count,
    link_id: `t3_${linkId}`,
    post: answer.post ? forumRecord(answer.post) : null,
    ...tree,
    notes,
    checkedAt: new Date().toISOString(),
  };
}
