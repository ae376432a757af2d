import { ApiError } from '../../../errors/api-error.js';
import { findEmbeddedState } from '../../../extract/embedded-state/index.js';
import {
  asArray,
  asRecord,
  booleanOf,
  countOf,
  isoTime,
  type JsonObject,
  multiline,
  numberOf,
  text,
} from '../shared/values.js';
import { findObject, objectsIn } from '../shared/walk.js';
import { definePageTemplate } from '../template.js';

const WATCH_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const SHORT_HOST = 'youtu.be';
/** Ids are 11 characters today; any run of the id alphabet is taken, so a future length still matches. */
const VIDEO_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const videoSiteVideo = definePageTemplate({
  id: 'video-site-video',
  name: 'Video site video',
  description:
    'A watch page of the largest video site, read from the player response and initial data it embeds: title, ' +
    'channel (with subscribers), description, duration, views, likes, comment count, publish date, category, ' +
    'keywords and thumbnail.',
  mode: 'entity',
  group: 'page',
  sources: ['https://www.youtube.com/watch?v=<id>'],
  examples: [
    'https://www.youtube.com/watch?v=dQ4sZ9kLm2Q',
    'https://youtu.be/dQ4sZ9kLm2Q',
    'https://www.youtube.com/shorts/dQ4sZ9kLm2Q',
    'https://m.youtube.com/watch?v=dQ4sZ9kLm2Q&t=42s',
  ],
  match: (url) => (videoIdOf(url) !== null ? 'host' : null),
  async extract(ctx, url) {
    const id = videoIdOf(url);
    // Every form of a video URL (short link, shorts, embed, mobile) is read from its watch page, in English.
    const target = id ? `https://www.youtube.com/watch?v=${id}&hl=en` : url.href;
    const page = await ctx.reader.page(target);
    const state = findEmbeddedState(page.body, { raw: false }).data as Record<string, unknown>;
    const player = asRecord(state.yt_initial_player_response);
    const details = asRecord(player.videoDetails);
    if (text(details.videoId) === null) {
      const status = asRecord(player.playabilityStatus);
      const reason = text(status.reason) ?? text(status.status);
      throw new ApiError(
        'NO_TEMPLATE_MATCH',
        `${page.finalUrl} carries no video${reason ? ` (the site says: ${reason})` : ''}`,
      );
    }
    return { data: videoRecord(details, player, asRecord(state.yt_initial_data)), fetchedUrl: page.finalUrl };
  },
});

function videoIdOf(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null = null;
  if (host === SHORT_HOST) id = segments[0] ?? null;
  else if (WATCH_HOSTS.has(host)) {
    if (segments[0] === 'watch') id = url.searchParams.get('v');
    else if (['shorts', 'embed', 'live', 'v'].includes(segments[0] ?? '')) id = segments[1] ?? null;
  }
  return id !== null && VIDEO_ID.test(id) ? id : null;
}

function videoRecord(details: JsonObject, player: JsonObject, initial: JsonObject) {
  const micro = asRecord(asRecord(player.microformat).playerMicroformatRenderer);
  const owner = findObject(initial, (object) => 'videoOwnerRenderer' in object);
  const ownerRenderer = asRecord(owner?.videoOwnerRenderer);
  const ownerRun = asRecord(asArray(asRecord(ownerRenderer.title).runs)[0]);
  const browse = asRecord(asRecord(ownerRun.navigationEndpoint).browseEndpoint);
  const handle = text(browse.canonicalBaseUrl)?.replace(/^\//, '') ?? null;
  const thumbnails = asArray(asRecord(details.thumbnail).thumbnails).map(asRecord);
  const widest = thumbnails.reduce<JsonObject | null>(
    (best, thumbnail) =>
      best === null || (numberOf(thumbnail.width) ?? 0) > (numberOf(best.width) ?? 0) ? thumbnail : best,
    null,
  );
  const id = text(details.videoId);
  return {
    video_id: id,
    title: text(details.title),
    url: `https://www.youtube.com/watch?v=${id}`,
    channel: {
      id: text(details.channelId) ?? text(micro.externalChannelId),
      name: text(details.author) ?? text(micro.ownerChannelName),
      handle: handle?.startsWith('@') ? handle : null,
      url: handle ? `https://www.youtube.com/${handle}` : text(micro.ownerProfileUrl),
      subscribers: countOf(text(asRecord(ownerRenderer.subscriberCountText).simpleText)),
    },
    description: multiline(details.shortDescription) ?? multiline(asRecord(micro.description).simpleText),
    duration_seconds: numberOf(details.lengthSeconds),
    views: numberOf(details.viewCount),
    likes: likesOf(initial),
    comments: commentsOf(initial),
    published_at: isoTime(micro.publishDate),
    uploaded_at: isoTime(micro.uploadDate),
    category: text(micro.category),
    keywords: asArray(details.keywords)
      .map(text)
      .filter((keyword) => keyword !== null),
    thumbnail: widest ? text(widest.url) : null,
    is_live: booleanOf(details.isLiveContent),
    is_family_safe: booleanOf(micro.isFamilySafe),
    is_unlisted: booleanOf(micro.isUnlisted),
  };
}

/** The like button's label carries the exact count ("along with 48,213 other people"); its title rounds it. */
function likesOf(initial: JsonObject): number | null {
  let rounded: number | null = null;
  for (const object of objectsIn(initial)) {
    const label = text(object.accessibilityText) ?? text(object.label);
    const exact = label ? /along with ([\d,.]+) other/i.exec(label) : null;
    if (exact) return countOf(exact[1]);
    if (rounded === null && object.iconName === 'LIKE') rounded = countOf(text(object.title));
    if (rounded === null && typeof object.likeCount === 'number') rounded = object.likeCount;
  }
  return rounded;
}

/** The comments panel header says the exact count; the entry point under the video rounds it. */
function commentsOf(initial: JsonObject): number | null {
  for (const panel of asArray(initial.engagementPanels)) {
    const section = asRecord(asRecord(panel).engagementPanelSectionListRenderer);
    if (!String(section.panelIdentifier ?? '').includes('comments')) continue;
    const header = asRecord(asRecord(section.header).engagementPanelTitleHeaderRenderer);
    const count = countOf(text(asRecord(asArray(asRecord(header.contextualInfo).runs)[0]).text));
    if (count !== null) return count;
  }
  const entry = findObject(initial, (object) => 'commentsEntryPointHeaderRenderer' in object);
  return countOf(text(asRecord(asRecord(entry?.commentsEntryPointHeaderRenderer).commentCount).simpleText));
}
