import type { CheerioAPI } from 'cheerio/slim';
import { ApiError } from '../../../errors/api-error.js';
import { findEmbeddedState } from '../../../extract/embedded-state/index.js';
import { firstAttr, metaContent, parsePage } from '../shared/markup.js';
import {
  asArray,
  asRecord,
  isoTime,
  isRecord,
  type JsonObject,
  multiline,
  numberOf,
  text,
} from '../shared/values.js';
import { objectsIn } from '../shared/walk.js';
import { definePageTemplate } from '../template.js';

const HOSTS = new Set(['producthunt.com', 'www.producthunt.com']);
const LAUNCH_PATH = /^\/(?:posts\/([^/]+)|products\/([^/]+)(?:\/launches\/([^/]+))?)\/?$/;

export const launchSiteLaunch = definePageTemplate({
  id: 'launch-site-launch',
  name: 'Launch site launch',
  description:
    'A launch page of the best-known product launch site, read from the GraphQL data its page embeds (Next.js with ' +
    'an Apollo cache or SSR transport): name, tagline, description, votes, comments, daily and weekly rank, launch ' +
    'time, topics, makers, media and the product with its review rating.',
  mode: 'entity',
  group: 'page',
  sources: [
    'https://www.producthunt.com/posts/<slug>',
    'https://www.producthunt.com/products/<product>/launches/<slug>',
  ],
  examples: [
    'https://www.producthunt.com/posts/fleetctl',
    'https://www.producthunt.com/products/fleetctl/launches/fleetctl',
  ],
  match: (url) => (HOSTS.has(url.hostname.toLowerCase()) && LAUNCH_PATH.test(url.pathname) ? 'host' : null),
  async extract(ctx, url) {
    const page = await ctx.reader.page(url.href);
    const match = LAUNCH_PATH.exec(new URL(page.finalUrl).pathname) ?? LAUNCH_PATH.exec(url.pathname);
    const slug = match?.[1] ?? match?.[3] ?? null;
    const state = findEmbeddedState(page.body, { raw: false }).data;
    const refs = normalizedCache(state);
    const post = launchIn(state, refs, slug);
    const $ = parsePage(page.body);
    if (!post && metaTitle($).name === null) {
      throw new ApiError('NO_TEMPLATE_MATCH', `${page.finalUrl} carries no launch`);
    }
    return { data: launchRecord(post ?? {}, refs, $, page.finalUrl), fetchedUrl: page.finalUrl };
  },
});

type RefResolver = (value: unknown) => unknown;

/**
 * A normalized Apollo cache (`Post:482113` / `Post482113` keys, pointed at with `{__ref}` or Apollo 2's
 * `{type: 'id', id}`), wherever the page keeps one; the SSR transport of newer pages needs none.
 */
function normalizedCache(state: unknown): RefResolver {
  const entries = new Map<string, JsonObject>();
  for (const object of objectsIn(state)) {
    for (const [key, value] of Object.entries(object)) {
      if (isRecord(value) && typeof value.__typename === 'string' && key.startsWith(value.__typename)) {
        entries.set(key, value);
      }
    }
  }
  const resolve: RefResolver = (value) => {
    if (!isRecord(value)) return value;
    const ref =
      typeof value.__ref === 'string'
        ? value.__ref
        : value.type === 'id' && typeof value.id === 'string'
          ? value.id
          : null;
    return ref === null ? value : (entries.get(ref) ?? value);
  };
  return resolve;
}

/** The launch the page is about: a Post with the URL's slug, the fullest one if the cache holds several copies. */
function launchIn(state: unknown, resolve: RefResolver, slug: string | null): JsonObject | null {
  let best: JsonObject | null = null;
  for (const object of objectsIn(state)) {
    if (object.__typename !== 'Post' || text(object.name) === null) continue;
    if (slug !== null && text(object.slug) !== null && object.slug !== slug) continue;
    if (best === null || Object.keys(object).length > Object.keys(best).length) best = object;
  }
  return best === null ? null : asRecord(resolve(best));
}

/** "Fleetctl - Route 4,000 robots from one CLI | Product Hunt" */
function metaTitle($: CheerioAPI): { name: string | null; tagline: string | null } {
  const title = (metaContent($, 'og:title') ?? $('title').first().text())
    .replace(/\s*\|\s*Product Hunt\s*$/, '')
    .trim();
  if (title === '') return { name: null, tagline: null };
  const dash = title.indexOf(' - ');
  return dash === -1
    ? { name: title, tagline: null }
    : { name: title.slice(0, dash), tagline: title.slice(dash + 3) };
}

function nodes(value: unknown, resolve: RefResolver): JsonObject[] {
  const resolved = resolve(value);
  const list =
    isRecord(resolved) && Array.isArray(resolved.edges)
      ? resolved.edges.map((edge) => asRecord(edge).node)
      : asArray(resolved);
  return list.map((item) => asRecord(resolve(item)));
}

function launchRecord(post: JsonObject, resolve: RefResolver, $: CheerioAPI, pageUrl: string) {
  const fallback = metaTitle($);
  const product = asRecord(resolve(post.product));
  const featuredAt = isoTime(post.featuredAt);
  return {
    id: text(post.id),
    slug: text(post.slug),
    name: text(post.name) ?? fallback.name,
    tagline: text(post.tagline) ?? fallback.tagline,
    description: multiline(post.description) ?? metaContent($, 'description'),
    url: text(post.url) ?? firstAttr($, 'link[rel="canonical"]', 'href') ?? pageUrl,
    website: text(product.websiteUrl) ?? text(post.website),
    votes: numberOf(post.votesCount),
    comments: numberOf(post.commentsCount),
    daily_rank: numberOf(post.dailyRank),
    weekly_rank: numberOf(post.weeklyRank),
    launched_at: featuredAt ?? isoTime(post.createdAt),
    created_at: isoTime(post.createdAt),
    featured: post.featuredAt === undefined ? null : featuredAt !== null,
    topics: nodes(post.topics, resolve)
      .map((topic) => text(topic.name))
      .filter((name) => name !== null),
    makers: nodes(post.makers, resolve).map((maker) => ({
      name: text(maker.name),
      username: text(maker.username),
      headline: text(maker.headline),
    })),
    media: nodes(post.media, resolve).map((media) => ({
      type: text(media.type),
      url: text(media.url),
      video_url: text(media.videoUrl),
    })),
    thumbnail: metaContent($, 'og:image'),
    product:
      Object.keys(product).length === 0
        ? null
        : {
            id: text(product.id),
            slug: text(product.slug),
            name: text(product.name),
            reviews_rating: numberOf(product.reviewsRating),
            reviews_count: numberOf(product.reviewsCount),
            followers: numberOf(product.followersCount),
          },
  };
}
