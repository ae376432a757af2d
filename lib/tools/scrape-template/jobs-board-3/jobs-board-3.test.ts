import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  json,
  type PlatformServer,
  platformFixture,
  startPlatformServer,
} from '../../../../test/templates/platform-server.js';
import { runTemplate } from '../../../../test/templates/run-template.js';
import { jobsBoard3 } from './index.js';

let server: PlatformServer;

beforeAll(async () => {
  server = await startPlatformServer({
    'api.ashbyhq.com/posting-api/job-board/acme': json(platformFixture('jobs-board-3/job-board.json')),
  });
});
afterAll(() => server.close());

type Items = { items: Record<string, unknown>[]; count: number };

describe('jobs-board-3', () => {
  it('maps listed jobs to the job record, compensation kept in raw_extra, unlisted ones left out', async () => {
    const run = await runTemplate(server, jobsBoard3, { params: { company: 'acme' } });
    expect(server.requestsTo('api.ashbyhq.com').at(-1)?.query.get('includeCompensation')).toBe('true');
    const data = run.data as Items;
    expect(data.count).toBe(2);
    expect(data.items.map((item) => item.title)).not.toContain('Internal transfer (unlisted)');
    expect(data.items[0]).toEqual({
      id: '5a3e5c82-7468-49eb-bb2d-d5f9c3d03041',
      title: 'Machine Learning Engineer',
      url: 'https://jobs.ashbyhq.com/acme/5a3e5c82-7468-49eb-bb2d-d5f9c3d03041',
      location: 'Zurich',
      department: 'Research',
      team: 'Perception',
      employment_type: 'FullTime',
      remote: false,
      published_at: '2026-09-02T07:31:12.418Z',
      updated_at: null,
      description: null,
      source: 'jobs-board-3',
      raw_extra: expect.objectContaining({
        workplaceType: 'OnSite',
        isListed: true,
        applyUrl: 'https://jobs.ashbyhq.com/acme/5a3e5c82-7468-49eb-bb2d-d5f9c3d03041/application',
        compensation: expect.objectContaining({
          compensationTierSummary: 'CHF 140K – CHF 175K • Offers Equity',
        }),
        secondaryLocations: [expect.objectContaining({ location: 'Munich' })],
      }),
    });
    expect(data.items[0].raw_extra).not.toHaveProperty('descriptionHtml');
    expect(data.items[1]).toMatchObject({ remote: true, team: null, location: 'Remote (EU)' });
  });

  it('returns the plain-text description with descriptions: true', async () => {
    const run = await runTemplate(server, jobsBoard3, { params: { company: 'acme', descriptions: true } });
    expect((run.data as Items).items[0].description).toBe('Train the models that let our robots see.');
  });

  it('resolves board and job URLs to the board', () => {
    expect(jobsBoard3.fromUrl?.(new URL('https://jobs.ashbyhq.com/acme/5a3e5c82'))).toEqual({
      company: 'acme',
    });
    expect(jobsBoard3.fromUrl?.(new URL('https://api.ashbyhq.com/posting-api/job-board/acme'))).toEqual({
      company: 'acme',
    });
    expect(jobsBoard3.fromUrl?.(new URL('https://ashbyhq.com/pricing'))).toBeNull();
  });
});
