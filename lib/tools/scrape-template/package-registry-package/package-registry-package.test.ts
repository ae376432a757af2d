import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answer,
  json,
  type PlatformServer,
  platformFixture,
  startPlatformServer,
} from '../../../../test/templates/platform-server.js';
import { runTemplate } from '../../../../test/templates/run-template.js';
import { packageRegistryPackage } from './index.js';

let server: PlatformServer;

beforeAll(async () => {
  const packument = JSON.parse(platformFixture('package-registry-package/packument.json'));
  server = await startPlatformServer({
    'registry.npmjs.org/fleetctl': json(packument),
    'registry.npmjs.org/@acme%2Ffleet-client': json({
      ...packument,
      name: '@acme/fleet-client',
      _id: '@acme/fleet-client',
    }),
    'api.npmjs.org/downloads/point/last-week/fleetctl': json(
      platformFixture('package-registry-package/downloads.json'),
    ),
    'api.npmjs.org/downloads/point/last-week/@acme/fleet-client': answer(
      503,
      { 'content-type': 'text/plain' },
      'overloaded',
    ),
  });
});
afterAll(() => server.close());

describe('package-registry-package', () => {
  it('reads the package document of the registry and last week’s downloads', async () => {
    const run = await runTemplate(server, packageRegistryPackage, {
      url: 'https://www.npmjs.com/package/fleetctl',
    });
    expect(run.fetchedUrl).toBe('https://registry.npmjs.org/fleetctl');
    expect(run.warnings).toEqual([]);
    expect(run.data).toEqual({
      name: 'fleetctl',
      description: 'Client and CLI for the fleetctl robot fleet API',
      version: '2.3.1',
      dist_tags: { latest: '2.3.1', next: '3.0.0-beta.2' },
      license: 'Apache-2.0',
      homepage: 'https://fleetctl.dev',
      repository: 'https://github.com/acme-robotics/fleetctl-js',
      bugs: 'https://github.com/acme-robotics/fleetctl-js/issues',
      keywords: ['robots', 'fleet', 'warehouse', 'cli'],
      author: 'Acme Robotics',
      maintainers: ['dana', 'leepark'],
      dependencies: { undici: '^6.19.0', yaml: '^2.4.0' },
      peer_dependencies: {},
      engines: { node: '>=18' },
      deprecated: null,
      published_at: '2026-09-02T14:20:44.931Z',
      created_at: '2022-03-14T10:02:11.512Z',
      modified_at: '2026-09-12T08:30:02.118Z',
      versions_count: 4,
      unpacked_size: 183920,
      file_count: 48,
      weekly_downloads: 48213,
      url: 'https://www.npmjs.com/package/fleetctl',
      readme:
        '# fleetctl\n\nClient and CLI for the fleetctl robot fleet API.\n\n```sh\nnpm install fleetctl\n```',
      readme_truncated: false,
    });
    expect(JSON.stringify(run.data)).not.toContain('@acme.example');
  });

  it('reads a scoped package and keeps going, with a warning, when the downloads service fails', async () => {
    const run = await runTemplate(server, packageRegistryPackage, {
      url: 'https://www.npmjs.com/package/@acme/fleet-client/v/1.2.0',
    });
    expect(run.fetchedUrl).toBe('https://registry.npmjs.org/@acme%2Ffleet-client');
    expect(run.data).toMatchObject({ name: '@acme/fleet-client', weekly_downloads: null });
    expect(run.warnings).toEqual([expect.stringContaining('weekly_downloads is null')]);
  });

  it('recognises package pages and registry documents', () => {
    for (const example of packageRegistryPackage.examples) {
      expect(packageRegistryPackage.match(new URL(example))).toBe('host');
    }
    expect(packageRegistryPackage.match(new URL('https://registry.npmjs.org/fleetctl'))).toBe('host');
    expect(packageRegistryPackage.match(new URL('https://www.npmjs.com/search?q=fleet'))).toBeNull();
  });
});
