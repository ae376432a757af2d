import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  json,
  type PlatformServer,
  platformFixture,
  startPlatformServer,
} from '../../../../test/templates/platform-server.js';
import { runTemplate } from '../../../../test/templates/run-template.js';
import { jobsBoard2 } from './index.js';

let server: PlatformServer;
const postings = platformFixture('jobs-board-2/postings.json');

beforeAll(async () => {
  server = await startPlatformServer({
    'api.lever.co/v0/postings/acme': json(postings),
    'api.eu.lever.co/v0/postings/acme-eu': json(postings),
  });
});
afterAll(() => server.close());

type Items = { items: Record<string, unknown>[]; count: number; next_params?: unknown };

describe('jobs-board-2', () => {
  it('maps postings to the job record: commitment, team, workplace type, creation time', async () => {
    const run = await runTemplate(server, jobsBoard2, { params: { company: 'acme' } });
    const request = server.requestsTo('api.lever.co').at(-1)!;
    expect(request.query.get('mode')).toBe('json');
    expect(request.query.has('limit')).toBe(false);
    expect(run.fetchedUrl).toBe('https://api.lever.co/v0/postings/acme?mode=json&skip=0');
    const data = run.data as Items;
    expect(data.count).toBe(2);
    expect(data).not.toHaveProperty('next_params');
    expect(data.items[0]).toEqual({
      id: '6f2c1a9e-1b7d-4c1e-9a55-0d3e2b7c9f10',
      title: 'Staff Platform Engineer',
      url: 'https://jobs.lever.co/acme/6f2c1a9e-1b7d-4c1e-9a55-0d3e2b7c9f10',
      location: 'Lisbon',
      department: 'Engineering',
      team: 'Platform',
      employment_type: 'Full-time',
      remote: false,
      published_at: '2025-09-15T10:00:00.000Z',
      updated_at: null,
      description: null,
      source: 'jobs-board-2',
      raw_extra: {
        country: 'PT',
        salaryRange: { currency: 'EUR', interval: 'per-year-salary', min: 85000, max: 110000 },
        applyUrl: 'https://jobs.lever.co/acme/6f2c1a9e-1b7d-4c1e-9a55-0d3e2b7c9f10/apply',
      },
    });
    expect(data.items[1]).toMatchObject({
      remote: true,
      location: 'Remote - Europe; Lisbon',
      employment_type: 'Contract',
    });
  });

  it('pages with skip and limit and says where the next page starts', async () => {
    const run = await runTemplate(server, jobsBoard2, { params: { company: 'acme', skip: 4, limit: 2 } });
    const request = server.requestsTo('api.lever.co').at(-1)!;
    expect(request.query.get('skip')).toBe('4');
    expect(request.query.get('limit')).toBe('2');
    expect((run.data as Items).next_params).toEqual({ skip: 6, limit: 2 });
  });

  it('reads the opening, the lists and the closing as one description when asked', async () => {
    const run = await runTemplate(server, jobsBoard2, { params: { company: 'acme', descriptions: true } });
    expect((run.data as Items).items[0].description).toBe(
      'We run the fleet software of 4,000 robots.\n\nWhat you will do\n- Own the deploy pipeline\n- Mentor two engineers\n\nAcme is an equal opportunity employer.',
    );
  });

  it('resolves board URLs, the EU data centre included', async () => {
    expect(jobsBoard2.fromUrl?.(new URL('https://jobs.lever.co/acme/6f2c1a9e'))).toEqual({ company: 'acme' });
    expect(jobsBoard2.fromUrl?.(new URL('https://api.lever.co/v0/postings/acme?mode=json'))).toEqual({
      company: 'acme',
    });
    expect(jobsBoard2.fromUrl?.(new URL('https://boards.greenhouse.io/acme'))).toBeNull();
    const run = await runTemplate(server, jobsBoard2, { url: 'https://jobs.eu.lever.co/acme-eu' });
    expect(run.fetchedUrl).toBe('https://api.eu.lever.co/v0/postings/acme-eu?mode=json&skip=0');
  });
});
