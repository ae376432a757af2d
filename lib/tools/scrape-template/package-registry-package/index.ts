import { ApiError } from '../../../errors/api-error.js';
import { asArray, asRecord, type JsonObject, multiline, numberOf, text } from '../shared/values.js';
import { definePageTemplate } from '../template.js';

const REGISTRY = 'https://registry.npmjs.org';
const DOWNLOADS = 'https://api.npmjs.org/downloads/point/last-week';
const PAGE_HOSTS = new Set(['npmjs.com', 'www.npmjs.com']);
const REGISTRY_HOST = 'registry.npmjs.org';
const PACKAGE_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/i;
/** An optional extra: it must not eat the call's budget when the downloads service is slow. */
const DOWNLOADS_TIMEOUT_MS = 3_000;
const README_MAX_CHARS = 5_000;

export const packageRegistryPackage = definePageTemplate({
  id: 'package-registry-package',
  name: 'Package registry package',
  description:
    "A package of the JavaScript package registry, from the registry's public package document (the page is " +
    'rendered from it) and last week’s downloads: latest version, dist-tags, license, repository, dependencies, ' +
    'maintainers, publish times, version count, size, deprecation and the start of the README.',
  mode: 'entity',
  group: 'page',
  sources: [`${REGISTRY}/<name>`, `${DOWNLOADS}/<name>`],
  examples: [
    'https://www.npmjs.com/package/fleetctl',
    'https://www.npmjs.com/package/@acme/fleet-client/v/1.2.0',
  ],
  match: (url) => (packageNameOf(url) !== null ? 'host' : null),
  async extract(ctx, url) {
    const name = packageNameOf(url) ?? packageNameFromPath(url.pathname);
    if (name === null) {
      throw new ApiError(
        'NO_TEMPLATE_MATCH',
        `${url.href} names no registry package (expected /package/<name>)`,
      );
    }
    // The registry spells a scoped name with its slash escaped, as the package manager itself does.
    const documentUrl = `${REGISTRY}/${name.replace('/', '%2F')}`;
    const [document, downloads] = await Promise.all([
      ctx.reader.apiJson(documentUrl),
      ctx.reader
        .apiJson(`${DOWNLOADS}/${name}`, { timeoutMs: DOWNLOADS_TIMEOUT_MS })
        .catch((error: unknown) => {
          ctx.warn(
            `weekly_downloads is null: the downloads service did not answer (${(error as Error).message})`,
          );
          return null;
        }),
    ]);
    const packument = asRecord(document.data);
    if (text(packument.name) === null) {
      throw new ApiError('NO_TEMPLATE_MATCH', `${document.url} is not a registry package document`);
    }
    return {
      data: packageRecord(
        packument,
        downloads === null ? null : numberOf(asRecord(downloads.data).downloads),
      ),
      fetchedUrl: document.url,
    };
  },
});

/** `/package/<name>` or `/package/@scope/name` on the site, `/<name>` on the registry. */
function packageNameOf(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  if (PAGE_HOSTS.has(host)) return packageNameFromPath(url.pathname);
  if (host !== REGISTRY_HOST) return null;
  const name = decodeURIComponent(url.pathname.slice(1)).replace(/\/$/, '');
  return PACKAGE_NAME.test(name) ? name : null;
}

function packageNameFromPath(path: string): string | null {
  const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
  if (segments[0] !== 'package' || !segments[1]) return null;
  const name = segments[1].startsWith('@') ? `${segments[1]}/${segments[2] ?? ''}` : segments[1];
  return PACKAGE_NAME.test(name) ? name : null;
}

/** "git+https://github.com/o/r.git" as the browsable "https://github.com/o/r". */
function repositoryUrl(repository: unknown): string | null {
  const raw = text(asRecord(repository).url) ?? text(repository);
  if (raw === null) return null;
  return raw
    .replace(/^git\+/, '')
    .replace(/^git:\/\//, 'https://')
    .replace(/^ssh:\/\/git@/, 'https://')
    .replace(/\.git$/, '');
}

function personName(value: unknown): string | null {
  return (
    text(asRecord(value).name) ??
    text(value)
      ?.replace(/\s*<[^>]*>|\s*\([^)]*\)/g, '')
      .trim() ??
    null
  );
}

function packageRecord(packument: JsonObject, weeklyDownloads: number | null) {
  const tags = asRecord(packument['dist-tags']);
  const latestVersion = text(tags.latest);
  const versions = asRecord(packument.versions);
  const latest = asRecord(latestVersion ? versions[latestVersion] : undefined);
  const time = asRecord(packument.time);
  const dist = asRecord(latest.dist);
  const readme = multiline(packument.readme) ?? multiline(latest.readme);
  const name = text(packument.name);
  return {
    name,
    description: text(packument.description) ?? text(latest.description),
    version: latestVersion,
    dist_tags: tags,
    license: text(latest.license) ?? text(packument.license) ?? text(asRecord(packument.license).type),
    homepage: text(latest.homepage) ?? text(packument.homepage),
    repository: repositoryUrl(latest.repository ?? packument.repository),
    bugs: text(asRecord(latest.bugs ?? packument.bugs).url),
    keywords: asArray(latest.keywords ?? packument.keywords)
      .map(text)
      .filter((keyword) => keyword !== null),
    author: personName(latest.author ?? packument.author),
    // Names only: the registry also publishes maintainers' e-mail addresses, which a record has no need to repeat.
    maintainers: asArray(packument.maintainers)
      .map(personName)
      .filter((maintainer) => maintainer !== null),
    dependencies: asRecord(latest.dependencies),
    peer_dependencies: asRecord(latest.peerDependencies),
    engines: asRecord(latest.engines),
    deprecated: text(latest.deprecated),
    published_at: latestVersion ? text(time[latestVersion]) : null,
    created_at: text(time.created),
    modified_at: text(time.modified),
    versions_count: Object.keys(versions).length,
    unpacked_size: numberOf(dist.unpackedSize),
    file_count: numberOf(dist.fileCount),
    weekly_downloads: weeklyDownloads,
    url: name ? `https://www.npmjs.com/package/${name}` : null,
    readme: readme === null ? null : readme.slice(0, README_MAX_CHARS),
    readme_truncated: readme !== null && readme.length > README_MAX_CHARS,
  };
}
