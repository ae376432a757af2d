import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  json,
  type PlatformServer,
  platformFixture,
  startPlatformServer,
} from '../../../../test/templates/platform-server.js';
import { runTemplate } from '../../../../test/templates/run-template.js';
import { setHostResolverForTests } from '../../../fetch/guarded-agent.js';
import { jobsBoard5 } from './index.js';

let server: PlatformServer;

beforeAll(async () => {
  server = await startPlatformServer({
    'acme.recruitee.com/api/offers/': json(platformFixture('jobs-board-5/offers.json')),
  });
});
afterAll(() => server.close());
afterEach(() => setHostResolverForTests(null));

type Items = { items: Record<string, unknown>[]; count: number };

describe('jobs-board-5', () => {
  it("reads the offers API on the company's own subdomain", async () => {
    const run = await runTemplate(server, jobsBoard5, { params: { company: 'ACME' } });
    expect(run.fetchedUrl).toBe('https://acme.recruitee.com/api/offers/');
    const data = run.data as Items;
    expect(data.count).toBe(2);
    expect(data.items[0]).toEqual({
      id: '1493821',
      title: 'Backend Engineer',
      url: 'https://acme.recruitee.com/o/backend-engineer',
      location: 'Amsterdam, North Holland, Netherlands',
      department: 'Engineering',
      team: null,
      employment_type: 'fulltime',
      remote: false,
      published_at: '2026-09-02T09:15:00.000Z',
      updated_at: '2026-09-12T14:30:00.000Z',
      description: null,
      source: 'jobs-board-5',
      raw_extra: expect.objectContaining({
        slug: 'backend-engineer',
        hybrid: true,
        salary: { min: '4800', max: '6200', period: 'month', currency: 'EUR' },
        careers_apply_url: 'https://acme.recruitee.com/o/backend-engineer/c/new',
      }),
    });
    expect(data.items[0].raw_extra).not.toHaveProperty('description');
    expect(data.items[1]).toMatchObject({
      remote: true,
      location: 'Netherlands',
      employment_type: 'parttime',
    });
  });

  it('returns description and requirements as text with descriptions: true', async () => {
    const run = await runTemplate(server, jobsBoard5, { params: { company: 'acme', descriptions: true } });
    expect((run.data as Items).items[0].description).toBe(
      "Build the APIs our customers' robots call every second.\n\n- Elixir or Go\n- 3+ years in production",
    );
  });

  it('refuses a subdomain that is not one DNS label before any request', async () => {
    await expect(
      runTemplate(server, jobsBoard5, { params: { company: 'evil.example.com#' } }),
    ).rejects.toMatchObject({
      code: 'INVALID_TEMPLATE_PARAMS',
      details: [expect.objectContaining({ field: 'params.company' })],
    });
  });

  it('refuses a subdomain that resolves to a private address, without connecting', async () => {
    setHostResolverForTests(async () => [{ address: '10.0.0.7', family: 4 }]);
    const before = server.requests.length;
    await expect(runTemplate(server, jobsBoard5, { params: { company: 'intranet' } })).rejects.toMatchObject({
      code: 'SSRF_BLOCKED',
      status: 403,
    });
    expect(server.requests.length).toBe(before);
  });

  it('resolves a careers site URL to its subdomain', () => {
    expect(jobsBoard5.fromUrl?.(new URL('https://acme.recruitee.com/o/backend-engineer'))).toEqual({
      company: 'acme',
    });
    expect(jobsBoard5.fromUrl?.(new URL('https://www.recruitee.com/'))).toBeNull();
  });
});
