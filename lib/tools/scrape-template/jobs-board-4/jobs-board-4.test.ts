import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  json,
  type PlatformServer,
  platformFixture,
  startPlatformServer,
} from '../../../../test/templates/platform-server.js';
import { runTemplate } from '../../../../test/templates/run-template.js';
import { jobsBoard4 } from './index.js';

let server: PlatformServer;

beforeAll(async () => {
  server = await startPlatformServer({
    'apply.workable.com/api/v1/widget/accounts/acme': (req, res, request) =>
      json(
        platformFixture(
          `jobs-board-4/${request.query.get('details') === 'true' ? 'account-details' : 'account'}.json`,
        ),
      )(req, res, request),
  });
});
afterAll(() => server.close());

type Items = { items: Record<string, unknown>[]; count: number };

describe('jobs-board-4', () => {
  it('maps jobs to the job record without descriptions by default', async () => {
    const run = await runTemplate(server, jobsBoard4, { params: { company: 'acme' } });
    expect(server.requestsTo('apply.workable.com').at(-1)?.query.has('details')).toBe(false);
    const data = run.data as Items;
    expect(data.count).toBe(2);
    expect(data.items[0]).toEqual({
      id: '8B8A457674',
      title: 'Field Service Technician',
      url: 'https://apply.workable.com/j/8B8A457674',
      location: 'Eindhoven, North Brabant, Netherlands',
      department: 'Operations',
      team: null,
      employment_type: 'Full-time',
      remote: false,
      published_at: '2026-09-21',
      updated_at: null,
      description: null,
      source: 'jobs-board-4',
      raw_extra: {
        code: 'FST-07',
        shortlink: 'https://apply.workable.com/j/8B8A457674',
        application_url: 'https://apply.workable.com/j/8B8A457674/apply',
        created_at: '2026-09-15',
        education: '',
        experience: 'Associate',
        function: 'Engineering',
        industry: 'Industrial Automation',
        locations: [expect.objectContaining({ countryCode: 'NL' })],
      },
    });
    // No city or country on the job itself: the first of its locations says where.
    expect(data.items[1]).toMatchObject({ location: 'Germany', remote: true });
  });

  it('asks for details: true and joins description, requirements and benefits', async () => {
    const run = await runTemplate(server, jobsBoard4, { params: { company: 'acme', details: true } });
    expect(server.requestsTo('apply.workable.com').at(-1)?.query.get('details')).toBe('true');
    const [first, second] = (run.data as Items).items;
    expect(first.description).toBe(
      'Keep our robots running at customer sites.\n\n- Electrical certification\n- Driving licence\n\nCompany car.',
    );
    expect(second.description).toBe('Design automation cells with customers.');
  });

  it('resolves the careers page URLs of an account', () => {
    expect(jobsBoard4.fromUrl?.(new URL('https://apply.workable.com/acme/'))).toEqual({ company: 'acme' });
    expect(jobsBoard4.fromUrl?.(new URL('https://acme.workable.com/'))).toEqual({ company: 'acme' });
    expect(jobsBoard4.fromUrl?.(new URL('https://apply.workable.com/j/8B8A457674'))).toBeNull();
    expect(jobsBoard4.fromUrl?.(new URL('https://www.workable.com/pricing'))).toBeNull();
  });
});
