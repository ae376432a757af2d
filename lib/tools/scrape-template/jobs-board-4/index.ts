import { z } from '@hono/zod-openapi';
import { boardSlug, flag, jobRecord, readBoard } from '../shared/job-record.js';
import { listResult } from '../shared/list-result.js';
import { htmlToText } from '../shared/markup.js';
import { asArray, asRecord, booleanOf, isoTime, joined, multiline, text } from '../shared/values.js';
import { defineParamsTemplate } from '../template.js';

const ID = 'jobs-board-4';
const API = 'https://apply.workable.com/api/v1/widget/accounts';
const USED = [
  'shortcode',
  'title',
  'url',
  'city',
  'state',
  'country',
  'department',
  'employment_type',
  'telecommuting',
  'published_on',
];
const DESCRIPTION_FIELDS = ['description', 'requirements', 'benefits'];
const RESERVED = new Set(['www', 'apply', 'jobs', 'api', 'help', 'resources']);

export const jobsBoard4 = defineParamsTemplate({
  id: ID,
  name: 'Job board connector 4',
  description:
    "A company's published jobs through its applicant-tracking platform's public careers widget API. Descriptions " +
    '(description, requirements, benefits) only with `details: true`.',
  mode: 'list',
  group: 'jobs',
  sources: [`${API}/<company>`, `${API}/<company>?details=true`],
  examples: ['https://apply.workable.com/acme/', 'https://acme.workable.com/'],
  params: z.object({
    company: boardSlug.describe(
      'The account (subdomain) of the company on the platform, e.g. `acme`; or send its board `url`.',
    ),
    details: flag('Include each job description, requirements and benefits as text: much larger answers.'),
  }),
  fromUrl(url) {
    const host = url.hostname.toLowerCase();
    const segments = url.pathname.split('/').filter(Boolean);
    if (host === 'apply.workable.com') {
      if (segments[0] === 'api')
        return segments[4] && segments[3] === 'accounts' ? { company: segments[4] } : null;
      return segments[0] && segments[0] !== 'j' ? { company: segments[0] } : null;
    }
    const sub = /^([a-z0-9-]+)\.workable\.com$/.exec(host)?.[1];
    return sub && !RESERVED.has(sub) ? { company: sub } : null;
  },
  async extract(ctx, params) {
    const api = `${API}/${encodeURIComponent(params.company)}${params.details ? '?details=true' : ''}`;
    const { data, url } = await readBoard(params.company, ID, () => ctx.reader.apiJson(api));
    const items = asArray(asRecord(data).jobs).map((raw) => {
      const job = asRecord(raw);
      const firstLocation = asRecord(asArray(job.locations)[0]);
      return jobRecord(
        ID,
        job,
        {
          id: text(job.shortcode),
          title: text(job.title),
          url: text(job.url) ?? text(job.shortlink),
          location:
            joined([job.city, job.state, job.country]) ??
            joined([firstLocation.city, firstLocation.region, firstLocation.country]),
          department: text(job.department),
          employment_type: text(job.employment_type),
          remote: booleanOf(job.telecommuting),
          published_at: isoTime(job.published_on),
          description: params.details ? detailsText(job) : null,
        },
        { used: USED, descriptionFields: DESCRIPTION_FIELDS },
      );
    });
    return { data: listResult(items), fetchedUrl: url };
  },
});

function detailsText(job: Record<string, unknown>): string | null {
  const parts = DESCRIPTION_FIELDS.map((field) => htmlToText(multiline(job[field])));
  const kept = parts.filter((part): part is string => part !== null);
  return kept.length > 0 ? kept.join('\n\n') : null;
}
