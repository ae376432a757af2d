import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  json,
  type PlatformServer,
  platformFixture,
  startPlatformServer,
} from '../../../../test/templates/platform-server.js';
import { runTemplate } from '../../../../test/templates/run-template.js';
import { jobsBoard1 } from './index.js';

let server: PlatformServer;
const API = 'boards-api.greenhouse.io/v1/boards/acme/jobs';

beforeAll(async () => {
  server = await startPlatformServer({
    [API]: (req, res, request) =>
      json(
        platformFixture(
          `jobs-board-1/${request.query.get('content') === 'true' ? 'jobs-content' : 'jobs'}.json`,
        ),
      )(req, res, request),
  });
});
afterAll(() => server.close());

describe('jobs-board-1', () => {
  it('maps every job to the job record, descriptions left out by default', async () => {
    const run = await runTemplate(server, jobsBoard1, { params: { company: 'acme' } });
    expect(run.fetchedUrl).toBe(`https://${API}`);
    expect(server.requestsTo('boards-api.greenhouse.io').at(-1)?.query.get('content')).toBeNull();
    const data = run.data as { items: Record<string, unknown>[]; count: number };
    expect(data.count).toBe(2);
    expect(data).not.toHaveProperty('total_available');
    expect(data.items[0]).toEqual({
      id: '4012345002',
      title: 'Senior Backend Engineer, Payments',
      url: 'https://boards.greenhouse.io/acme/jobs/4012345002',
      location: 'Berlin, Germany',
      department: null,
      team: null,
      employment_type: null,
      remote: null,
      published_at: '2026-08-30T15:05:12.000Z',
      updated_at: '2026-09-14T13:12:44.000Z',
      description: null,
      source: 'jobs-board-1',
      raw_extra: {
        data_compliance: [expect.objectContaining({ type: 'gdpr' })],
        internal_job_id: 3456789002,
        metadata: null,
        requisition_id: 'ENG-221',
        company_name: 'Acme Robotics',
        language: 'en',
      },
    });
  });

  it('asks for content: true and returns descriptions as text, departments from the content answer', async () => {
    const run = await runTemplate(server, jobsBoard1, { params: { company: 'acme', content: true } });
    expect(server.requestsTo('boards-api.greenhouse.io').at(-1)?.query.get('content')).toBe('true');
    const [first] = (run.data as { items: Record<string, unknown>[] }).items;
    expect(first.department).toBe('Engineering');
    expect(first.description).toBe(
      'About the role\n\nYou will build the ledger that moves every payment at Acme.\n\n- Go and PostgreSQL\n- On-call one week in six',
    );
    expect(first.raw_extra).not.toHaveProperty('content');
    expect(first.raw_extra).toHaveProperty('offices');
  });

  it('resolves the board URLs of the platform to the company', () => {
    const from = (url: string) => jobsBoard1.fromUrl?.(new URL(url));
    expect(from('https://boards.greenhouse.io/acme')).toEqual({ company: 'acme' });
    expect(from('https://job-boards.greenhouse.io/acme/jobs/4012345002')).toEqual({ company: 'acme' });
    expect(from('https://boards.greenhouse.io/embed/job_board?for=acme')).toEqual({ company: 'acme' });
    expect(from('https://boards-api.greenhouse.io/v1/boards/acme/jobs')).toEqual({ company: 'acme' });
    expect(from('https://jobs.lever.co/acme')).toBeNull();
  });

  it('answers an unknown board with the 404 in its own words', async () => {
    await expect(runTemplate(server, jobsBoard1, { params: { company: 'nobody' } })).rejects.toMatchObject({
      code: 'UPSTREAM_HTTP',
      status: 404,
      message: expect.stringContaining('no job board named "nobody"'),
    });
  });
});
