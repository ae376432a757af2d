import type { CheerioAPI } from 'cheerio/slim';
import { ApiError } from '../../../errors/api-error.js';
import { absoluteUrl, blockText, firstAttr, firstText, metaContent, parsePage } from '../shared/markup.js';
import { asRecord, countOf, isoTime, isRecord, type JsonObject, numberOf, text } from '../shared/values.js';
import { definePageTemplate } from '../template.js';

const HOSTS = new Set(['github.com', 'www.github.com']);
/** First path segments that are the site's own pages, not owners. */
const RESERVED = new Set(
  'about apps blog codespaces collections contact customer-stories dashboard enterprise events explore features gist issues join login logout marketplace new notifications orgs organizations pricing pulls readme search security settings site sponsors team topics trending users'.split(
    ' ',
  ),
);
const README_MAX_CHARS = 5_000;

export const codeHostRepo = definePageTemplate({
  id: 'code-host-repo',
  name: 'Code-host repository',
  description:
    'A public repository page of the largest code host: description, homepage, topics, license, stars, forks, ' +
    'watchers, open issues and pull requests, languages, latest release, default branch, commit count and the ' +
    'start of the README.',
  mode: 'entity',
  group: 'page',
  sources: ['https://github.com/<owner>/<repo>'],
  examples: [
    'https://github.com/acme-robotics/fleetctl',
    'https://github.com/acme-robotics/fleetctl/tree/main/cmd',
  ],
  match(url) {
    if (!HOSTS.has(url.hostname.toLowerCase())) return null;
    return repoPath(url) ? 'host' : null;
  },
  async extract(ctx, url) {
    const path = repoPath(url);
    // Any page of a repository names it; the overview page at its root is the one read.
    const target = path ? new URL(`/${path.owner}/${path.name}`, url).href : url.href;
    const page = await ctx.reader.page(target);
    const $ = parsePage(page.body);
    const fullName = metaContent($, 'octolytics-dimension-repository_nwo');
    if (fullName === null && firstText($, '#repository-container-header') === null) {
      throw new ApiError('NO_TEMPLATE_MATCH', `${page.finalUrl} is not a code-host repository page`);
    }
    return {
      data: repositoryRecord($, page.finalUrl, fullName ?? (path ? `${path.owner}/${path.name}` : null)),
      fetchedUrl: page.finalUrl,
    };
  },
});

function repoPath(url: URL): { owner: string; name: string } | null {
  const [owner, name] = url.pathname.split('/').filter(Boolean);
  if (!owner || !name || RESERVED.has(owner.toLowerCase())) return null;
  return { owner, name: name.replace(/\.git$/, '') };
}

/** The overview page's React payload: default branch, creation time, commit count. */
function overviewPayload($: CheerioAPI): JsonObject {
  for (const script of $('script[data-target="react-partial.embeddedData"]').toArray()) {
    try {
      const payload = asRecord(asRecord(asRecord(JSON.parse($(script).text())).props).initialPayload);
      if (isRecord(payload.repo)) return payload;
    } catch {
      // Another partial's payload, or a truncated one: the markup still answers.
    }
  }
  return {};
}

function repositoryRecord($: CheerioAPI, pageUrl: string, fullName: string | null) {
  const payload = overviewPayload($);
  const repo = asRecord(payload.repo);
  const [owner, name] = (fullName ?? '/').split('/');
  const sidebar = (path: string) => countOf(firstText($, `.Layout-sidebar a[href$="/${path}"] strong`));
  const counter = (selector: string) =>
    countOf(firstAttr($, selector, 'title')) ?? countOf(firstText($, selector));
  const releaseTag = firstText($, '.Layout-sidebar a[href*="/releases/tag/"] .css-truncate-target');
  const readme = blockText($('article.markdown-body').first(), pageUrl);
  const archived = $('.flash-warn, .flash')
    .toArray()
    .some((flash) => /archived by the owner/i.test($(flash).text()));
  return {
    owner: owner || null,
    name: name || null,
    full_name: fullName,
    url: firstAttr($, 'link[rel="canonical"]', 'href') ?? pageUrl,
    description:
      firstText($, '.Layout-sidebar .BorderGrid-cell p.f4') ??
      descriptionFromMeta(metaContent($, 'description'), fullName),
    homepage: absoluteUrl(
      firstAttr($, '.Layout-sidebar .BorderGrid-cell a[role="link"][target="_blank"]', 'href'),
      pageUrl,
    ),
    topics: $('a.topic-tag')
      .toArray()
      .map((tag) => $(tag).text().trim())
      .filter(Boolean),
    license: licenseOf($),
    stars: counter('#repo-stars-counter-star') ?? sidebar('stargazers'),
    forks: counter('#repo-network-counter') ?? sidebar('forks'),
    watchers: sidebar('watchers'),
    open_issues: counter('#issues-repo-tab-count'),
    open_pull_requests: counter('#pull-requests-repo-tab-count'),
    commits: countOf(text(asRecord(payload.overview).commitCount)),
    default_branch: text(repo.defaultBranch) ?? text(asRecord(payload.refInfo).name),
    languages: languagesOf($),
    latest_release: releaseTag
      ? {
          tag: releaseTag,
          published_at: isoTime(
            firstAttr($, '.Layout-sidebar a[href*="/releases/tag/"] relative-time', 'datetime'),
          ),
        }
      : null,
    releases: countOf(firstAttr($, '.Layout-sidebar a[href$="/releases"] .Counter', 'title')),
    contributors: countOf(firstAttr($, '.Layout-sidebar a[href$="/graphs/contributors"] .Counter', 'title')),
    is_fork:
      flagOf(metaContent($, 'octolytics-dimension-repository_is_fork')) ??
      (typeof repo.isFork === 'boolean' ? repo.isFork : null),
    is_archived: archived,
    is_public:
      flagOf(metaContent($, 'octolytics-dimension-repository_public')) ??
      (typeof repo.public === 'boolean' ? repo.public : null),
    created_at: isoTime(repo.createdAt),
    repository_id: numberOf(metaContent($, 'octolytics-dimension-repository_id')) ?? numberOf(repo.id),
    readme: readme === null ? null : readme.slice(0, README_MAX_CHARS),
    readme_truncated: readme !== null && readme.length > README_MAX_CHARS,
  };
}

function flagOf(value: string | null): boolean | null {
  return value === 'true' ? true : value === 'false' ? false : null;
}

/** "Fleet control … - acme-robotics/fleetctl" is the meta description of a repository with one. */
function descriptionFromMeta(description: string | null, fullName: string | null): string | null {
  if (description === null || fullName === null) return description;
  const suffix = ` - ${fullName}`;
  return description.endsWith(suffix) ? description.slice(0, -suffix.length) : null;
}

function licenseOf($: CheerioAPI): string | null {
  const link = $('.Layout-sidebar a')
    .toArray()
    .find((anchor) => $(anchor).find('svg.octicon-law').length > 0);
  const label = link ? $(link).text().replace(/\s+/g, ' ').trim() : '';
  return label === '' ? null : label.replace(/\s+license$/i, '');
}

function languagesOf($: CheerioAPI): { name: string; percent: number | null }[] {
  const heading = $('.Layout-sidebar h2')
    .toArray()
    .find((h2) => $(h2).text().trim() === 'Languages');
  if (!heading) return [];
  return $(heading)
    .parent()
    .find('ul li')
    .toArray()
    .map((item) => {
      const spans = $(item).find('span');
      const name = $(item).find('span.text-bold').first().text().trim();
      const percent = numberOf(spans.last().text().replace('%', '').trim());
      return { name, percent };
    })
    .filter((language) => language.name !== '');
}
