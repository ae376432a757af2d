import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  json,
  type PlatformServer,
  platformFixture,
  startPlatformServer,
} from '../../../../test/templates/platform-server.js';
import { runTemplate } from '../../../../test/templates/run-template.js';
import { jobsBoard6 } from './index.js';

let server: PlatformServer;

beforeAll(async () => {
  server = await startPlatformServer({
    'api.smartrecruiters.com/v1/companies/Acme/postings': json(platformFixture('jobs-board-6/postings.json')),
  });
});
afterAll(() => server.close());

type Items = {
  items: Record<string, unknown>[];
  count: number;
  total_available?: number;
  next_params?: unknown;
};

describe('jobs-board-6', () => {
  it('sends per_page as the platform limit (100 by default) and offset', async () => {
    await runTemplate(server, jobsBoard6, { params: { company: 'Acme' } });
    const request = server.requestsTo('api.smartrecruiters.com').at(-1)!;
    expect(request.query.get('limit')).toBe('100');
    expect(request.query.get('offset')).toBe('0');
    await runTemplate(server, jobsBoard6, { params: { company: 'Acme', per_page: 2, offset: 0 } });
    expect(server.requestsTo('api.smartrecruiters.com').at(-1)?.query.get('limit')).toBe('2');
  });

  it('maps postings to the job record, with the total the platform declares', async () => {
    const run = await runTemplate(server, jobsBoard6, { params: { company: 'Acme', per_page: 2 } });
    const data = run.data as Items;
    expect(data.count).toBe(2);
    expect(data.total_available).toBe(5);
    expect(data.next_params).toEqual({ offset: 2, per_page: 2 });
    expect(data.items[0]).toEqual({
      id: '743999663339278',
      title: 'Robotics Test Engineer',
      url: 'https://jobs.smartrecruiters.com/Acme/743999663339278',
      location: 'Austin, TX, United States',
      department: 'Quality',
      team: null,
      employment_type: 'Full-time',
      remote: false,
      published_at: '2026-09-05T10:14:13.000Z',
      updated_at: null,
      description: null,
      source: 'jobs-board-6',
      raw_extra: expect.objectContaining({
        refNumber: 'REF2317T',
        company: { identifier: 'Acme', name: 'Acme Robotics' },
        function: { id: 'engineering', label: 'Engineering' },
        ref: 'https://api.smartrecruiters.com/v1/companies/Acme/postings/743999663339278',
      }),
    });
    expect(data.items[1]).toMatchObject({ remote: true, location: 'United States' });
  });

  it('refuses per_page above 100, naming it', async () => {
    await expect(
      runTemplate(server, jobsBoard6, { params: { company: 'Acme', per_page: 500 } }),
    ).rejects.toMatchObject({
      code: 'INVALID_TEMPLATE_PARAMS',
      details: [expect.objectContaining({ field: 'params.per_page' })],
    });
  });

  it('resolves the jobs site URLs of a company', () => {
    expect(jobsBoard6.fromUrl?.(new URL('https://jobs.smartrecruiters.com/Acme/743999663339278'))).toEqual({
      company: 'Acme',
    });
    expect(jobsBoard6.fromUrl?.(new URL('https://careers.smartrecruiters.com/Acme'))).toEqual({
      company: 'Acme',
    });
    expect(jobsBoard6.fromUrl?.(new URL('https://www.smartrecruiters.com/'))).toBeNull();
  });
});
