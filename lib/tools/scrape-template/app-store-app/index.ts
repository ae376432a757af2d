import { ApiError } from '../../../errors/api-error.js';
import { asArray, asRecord, isoTime, type JsonObject, multiline, numberOf, text } from '../shared/values.js';
import { definePageTemplate } from '../template.js';

const HOSTS = new Set(['apps.apple.com', 'itunes.apple.com']);
const APP_PATH = /^\/(?:([a-z]{2})\/)?app\/(?:[^/]+\/)?id(\d+)\/?$/i;
const LOOKUP = 'https://itunes.apple.com/lookup';

export const appStoreApp = definePageTemplate({
  id: 'app-store-app',
  name: 'App store app',
  description:
    "An app page of the largest mobile app store, from the store's public lookup API for the page's country: name, " +
    'developer, price, rating and rating count, version and release notes, genres, content rating, size, minimum OS, ' +
    'languages, screenshots and icon.',
  mode: 'entity',
  group: 'page',
  sources: [`${LOOKUP}?id=<id>&country=<country>`],
  examples: [
    'https://apps.apple.com/us/app/fleetctl-robot-fleet-control/id6449876543',
    'https://apps.apple.com/app/id6449876543',
  ],
  match: (url) => (appOf(url) !== null ? 'host' : null),
  async extract(ctx, url) {
    const app = appOf(url);
    if (app === null)
      throw new ApiError(
        'NO_TEMPLATE_MATCH',
        `${url.href} is not an app store app URL (/<country>/app/<name>/id<id>)`,
      );
    const { data, url: fetchedUrl } = await ctx.reader.apiJson(
      `${LOOKUP}?id=${app.id}&country=${app.country}`,
    );
    const result = asRecord(asArray(asRecord(data).results)[0]);
    if (text(result.trackId) === null) {
      throw new ApiError('NO_TEMPLATE_MATCH', `The app store has no app ${app.id} in country ${app.country}`);
    }
    return { data: appRecord(result, app.country), fetchedUrl };
  },
});

function appOf(url: URL): { id: string; country: string } | null {
  if (!HOSTS.has(url.hostname.toLowerCase())) return null;
  const match = APP_PATH.exec(url.pathname);
  return match ? { id: match[2], country: (match[1] ?? 'us').toLowerCase() } : null;
}

function appRecord(result: JsonObject, country: string) {
  const strings = (value: unknown) =>
    asArray(value)
      .map(text)
      .filter((item) => item !== null);
  return {
    id: text(result.trackId),
    name: text(result.trackName),
    bundle_id: text(result.bundleId),
    url: text(result.trackViewUrl)?.replace(/\?uo=\d+$/, '') ?? null,
    country,
    developer: {
      id: text(result.artistId),
      name: text(result.artistName),
      url: text(result.artistViewUrl)?.replace(/\?uo=\d+$/, '') ?? null,
    },
    seller: text(result.sellerName),
    seller_url: text(result.sellerUrl),
    price: numberOf(result.price),
    formatted_price: text(result.formattedPrice),
    currency: text(result.currency),
    rating: numberOf(result.averageUserRating),
    rating_count: numberOf(result.userRatingCount),
    version: text(result.version),
    release_notes: multiline(result.releaseNotes),
    description: multiline(result.description),
    released_at: isoTime(result.releaseDate),
    updated_at: isoTime(result.currentVersionReleaseDate),
    genres: strings(result.genres),
    primary_genre: text(result.primaryGenreName),
    content_rating: text(result.contentAdvisoryRating) ?? text(result.trackContentRating),
    size_bytes: numberOf(result.fileSizeBytes),
    minimum_os_version: text(result.minimumOsVersion),
    languages: strings(result.languageCodesISO2A),
    screenshots: [...strings(result.screenshotUrls), ...strings(result.ipadScreenshotUrls)],
    icon: text(result.artworkUrl512) ?? text(result.artworkUrl100),
  };
}
