import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  html,
  type PlatformServer,
  platformFixture,
  startPlatformServer,
} from '../../../../test/templates/platform-server.js';
import { runTemplate } from '../../../../test/templates/run-template.js';
import { codeHostRepo } from './index.js';

let server: PlatformServer;

beforeAll(async () => {
  server = await startPlatformServer({
    'github.com/acme-robotics/fleetctl': html(platformFixture('code-host-repo/repo.html')),
  });
});
afterAll(() => server.close());

describe('code-host-repo', () => {
  it('reads the repository overview page into the repository record', async () => {
    const run = await runTemplate(server, codeHostRepo, {
      url: 'https://github.com/acme-robotics/fleetctl/tree/main/cmd',
    });
    expect(run.fetchedUrl).toBe('https://github.com/acme-robotics/fleetctl');
    expect(run.data).toEqual({
      owner: 'acme-robotics',
      name: 'fleetctl',
      full_name: 'acme-robotics/fleetctl',
      url: 'https://github.com/acme-robotics/fleetctl',
      description:
        'Fleet control for warehouse robots: schedule, route and update thousands of robots from one CLI.',
      homepage: 'https://fleetctl.dev/',
      topics: ['robotics', 'fleet-management', 'go'],
      license: 'Apache-2.0',
      stars: 4821,
      forks: 312,
      watchers: 61,
      open_issues: 57,
      open_pull_requests: 12,
      commits: 2418,
      default_branch: 'main',
      languages: [
        { name: 'Go', percent: 91.4 },
        { name: 'Shell', percent: 5.2 },
        { name: 'Other', percent: 3.4 },
      ],
      latest_release: { tag: 'v2.3.1', published_at: '2026-09-02T14:11:08.000Z' },
      releases: 42,
      contributors: 87,
      is_fork: false,
      is_archived: false,
      is_public: true,
      created_at: '2022-03-14T09:21:33.000Z',
      repository_id: 456789012,
      readme:
        'fleetctl\n\nSchedule, route and update thousands of warehouse robots from one CLI.\n\ngo install github.com/acme-robotics/fleetctl/cmd/fleetctl@latest',
      readme_truncated: false,
    });
  });

  it('recognises repository URLs and leaves the site’s own pages alone', () => {
    for (const example of codeHostRepo.examples) expect(codeHostRepo.match(new URL(example))).toBe('host');
    expect(codeHostRepo.match(new URL('https://github.com/topics/robotics'))).toBeNull();
    expect(codeHostRepo.match(new URL('https://github.com/acme-robotics'))).toBeNull();
    expect(codeHostRepo.match(new URL('https://gitlab.com/acme/fleetctl'))).toBeNull();
  });
});
