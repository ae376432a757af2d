import { readFileSync } from 'node:fs';
import { answer, html, json, type PlatformRoute, platformFixture } from './platform-server.js';

/** One HTTPS site per platform: every template's saved page or API answer, at the platform's real URL. */

const fixture = (path: string) => platformFixture(path);
const byQuery =
  (key: string, files: Record<string, string>, otherwise: string): PlatformRoute =>
  (req, res, request) =>
    json(fixture(files[request.query.get(key) ?? ''] ?? otherwise))(req, res, request);

const amazonCaptcha = readFileSync(new URL('../fixtures/walls/amazon-captcha.html', import.meta.url), 'utf8');

export const PLATFORM_ROUTES: Record<string, PlatformRoute> = {
  'www.amazon.com/dp/B0C8PRGQ9M': html(fixture('marketplace-product/product.html')),
  'www.amazon.com/private/dp/B0C8PRGQ9M': html(fixture('marketplace-product/product.html')),
  'www.amazon.com/dp/B0CHX3QBCH': answer(200, { 'content-type': 'text/html;charset=UTF-8' }, amazonCaptcha),
  'shop.trailgear.test/products/trail-runner-4': html(fixture('storefront-product/product.html')),
  'shop.trailgear.test/collections/shoes/products.json': json(fixture('storefront-collection/products.json')),
  'github.com/acme-robotics/fleetctl': html(fixture('code-host-repo/repo.html')),
  'www.youtube.com/watch': html(fixture('video-site-video/watch.html')),
  'www.reddit.com/r/Sourdough/comments/1f3k9qz/my_starter_doubled_in_4_hours_what_changed.json': json(
    fixture('forum-thread/thread.json'),
  ),
  'news.ycombinator.com/': html(fixture('news-aggregator-front-page/front.html')),
  'www.producthunt.com/posts/fleetctl': html(fixture('launch-site-launch/post.html')),
  'stackoverflow.com/questions/78912345/why-does-my-goroutine-leak-when-the-context-is-cancelled': html(
    fixture('qa-site-question/question.html'),
  ),
  'registry.npmjs.org/fleetctl': json(fixture('package-registry-package/packument.json')),
  'api.npmjs.org/downloads/point/last-week/fleetctl': json(
    fixture('package-registry-package/downloads.json'),
  ),
  'en.wikipedia.org/api/rest_v1/page/summary/Sourdough': json(fixture('encyclopedia-article/summary.json')),
  'itunes.apple.com/lookup': json(fixture('app-store-app/lookup.json')),
  'boards-api.greenhouse.io/v1/boards/acme/jobs': byQuery(
    'content',
    { true: 'jobs-board-1/jobs-content.json' },
    'jobs-board-1/jobs.json',
  ),
  'api.lever.co/v0/postings/acme': json(fixture('jobs-board-2/postings.json')),
  'api.ashbyhq.com/posting-api/job-board/acme': json(fixture('jobs-board-3/job-board.json')),
  'apply.workable.com/api/v1/widget/accounts/acme': byQuery(
    'details',
    { true: 'jobs-board-4/account-details.json' },
    'jobs-board-4/account.json',
  ),
  'acme.recruitee.com/api/offers/': json(fixture('jobs-board-5/offers.json')),
  'api.smartrecruiters.com/v1/companies/Acme/postings': json(fixture('jobs-board-6/postings.json')),
  'vpic.nhtsa.dot.gov/api/vehicles/DecodeVinValues/1HGCV1F34LA012345': json(
    fixture('vehicle-vin-decode/decode-full.json'),
  ),
  'vpic.nhtsa.dot.gov/api/vehicles/DecodeVinValues/1HGCV1F3': json(
    fixture('vehicle-vin-decode/decode-partial.json'),
  ),
  'npiregistry.cms.hhs.gov/api/': byQuery(
    'number',
    { '1234567893': 'provider-registry/by-number.json' },
    'provider-registry/by-name.json',
  ),
};
