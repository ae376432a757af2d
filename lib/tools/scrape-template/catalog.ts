import { appStoreApp } from './app-store-app/index.js';
import { codeHostRepo } from './code-host-repo/index.js';
import { encyclopediaArticle } from './encyclopedia-article/index.js';
import { forumThread } from './forum-thread/index.js';
import { jobsBoard1 } from './jobs-board-1/index.js';
import { jobsBoard2 } from './jobs-board-2/index.js';
import { jobsBoard3 } from './jobs-board-3/index.js';
import { jobsBoard4 } from './jobs-board-4/index.js';
import { jobsBoard5 } from './jobs-board-5/index.js';
import { jobsBoard6 } from './jobs-board-6/index.js';
import { launchSiteLaunch } from './launch-site-launch/index.js';
import { marketplaceProduct } from './marketplace-product/index.js';
import { newsAggregatorFrontPage } from './news-aggregator-front-page/index.js';
import { packageRegistryPackage } from './package-registry-package/index.js';
import { providerRegistry } from './provider-registry/index.js';
import { qaSiteQuestion } from './qa-site-question/index.js';
import { storefrontCollection } from './storefront-collection/index.js';
import { storefrontProduct } from './storefront-product/index.js';
import type { SiteTemplate } from './template.js';
import { vehicleVinDecode } from './vehicle-vin-decode/index.js';
import { videoSiteVideo } from './video-site-video/index.js';

/**
 * Every template, in the order `template: list` shows them (docs/reference/templates.md#scrape_template: page templates, job
 * boards, government registries; the two page templates after the ten the spec names are ours, its
 * list of the remaining twenty being "not shown"). Adding a template is one folder and one line here; the tool's
 * enum of names, `auto` and `list` all read this array.
 */
export const templates: readonly SiteTemplate[] = [
  marketplaceProduct,
  storefrontProduct,
  storefrontCollection,
  codeHostRepo,
  videoSiteVideo,
  forumThread,
  newsAggregatorFrontPage,
  launchSiteLaunch,
  qaSiteQuestion,
  packageRegistryPackage,
  encyclopediaArticle,
  appStoreApp,
  jobsBoard1,
  jobsBoard2,
  jobsBoard3,
  jobsBoard4,
  jobsBoard5,
  jobsBoard6,
  vehicleVinDecode,
  providerRegistry,
];
