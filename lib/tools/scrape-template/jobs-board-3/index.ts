import { z } from '@hono/zod-openapi';
import { boardSlug, flag, jobRecord, readBoard } from '../shared/job-record.js';
import { listResult } from '../shared/list-result.js';
import { htmlToText } from '../shared/markup.js';
import { asArray, asRecord, booleanOf, isoTime, multiline, text } from '../shared/values.js';
import { defineParamsTemplate } from '../template.js';

const ID = 'jobs-board-3';
const API = 'https://api.ashbyhq.com/posting-api/job-board';
const USED = [
  'id',
  'title',
  'jobUrl',
  'location',
  'department',
  'team',
  'employmentType',
  'isRemote',
  'publishedAt',
];
const DESCRIPTION_FIELDS = ['descriptionHtml', 'descriptionPlain'];

export const jobsBoard3 = defineParamsTemplate({
  id: ID,
  name: 'Job board connector 3',
  description:
    "A company's listed jobs through its applicant-tracking platform's public posting API, compensation included " +
    'where the company publishes it. Descriptions only with `descriptions: true`.',
  mode: 'list',
  group: 'jobs',
  sources: [`${API}/<company>?includeCompensation=true`],
  examples: [
    'https://jobs.ashbyhq.com/acme',
    'https://jobs.ashbyhq.com/acme/5a3e5c82-7468-49eb-bb2d-d5f9c3d03041',
  ],
  params: z.object({
    company: boardSlug.describe('The job board name of the company, e.g. `acme`; or send its board `url`.'),
    descriptions: flag('Include each job description as text: much larger answers.'),
  }),
  fromUrl(url) {
    const host = url.hostname.toLowerCase();
    const segments = url.pathname.split('/').filter(Boolean);
    if (host === 'jobs.ashbyhq.com') return segments[0] ? { company: decodeURIComponent(segments[0]) } : null;
    if (
      host === 'api.ashbyhq.com' &&
      segments[0] === 'posting-api' &&
      segments[1] === 'job-board' &&
      segments[2]
    ) {
      return { company: decodeURIComponent(segments[2]) };
    }
    return null;
  },
  async extract(ctx, params) {
    const api = `${API}/${encodeURIComponent(params.company)}?includeCompensation=true`;
    const { data, url } = await readBoard(params.company, ID, () => ctx.reader.apiJson(api));
    const items = asArray(asRecord(data).jobs)
      .map(asRecord)
      // Unlisted jobs are reachable by link only; the board itself does not show them.
      .filter((job) => job.isListed !== false)
      .map((job) =>
        jobRecord(
          ID,
          job,
          {
            id: text(job.id),
            title: text(job.title),
            url: text(job.jobUrl),
            location: text(job.location),
            department: text(job.department),
            team: text(job.team),
            employment_type: text(job.employmentType),
            remote: booleanOf(job.isRemote) ?? (text(job.workplaceType) === 'Remote' ? true : null),
            published_at: isoTime(job.publishedAt),
            description: params.descriptions
              ? (multiline(job.descriptionPlain) ?? htmlToText(multiline(job.descriptionHtml)))
              : null,
          },
          { used: USED, descriptionFields: DESCRIPTION_FIELDS },
        ),
      );
    return { data: listResult(items), fetchedUrl: url };
  },
});
