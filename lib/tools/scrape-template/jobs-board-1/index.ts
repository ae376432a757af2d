import { z } from '@hono/zod-openapi';
import { boardSlug, flag, jobRecord, readBoard } from '../shared/job-record.js';
import { listResult } from '../shared/list-result.js';
import { decodeEntities, htmlToText } from '../shared/markup.js';
import { asArray, asRecord, isoTime, joined, numberOf, text } from '../shared/values.js';
import { defineParamsTemplate } from '../template.js';

const ID = 'jobs-board-1';
const API = 'https://boards-api.greenhouse.io/v1/boards';
const BOARD_HOSTS = new Set([
  'boards.greenhouse.io',
  'job-boards.greenhouse.io',
  'boards.eu.greenhouse.io',
  'job-boards.eu.greenhouse.io',
]);
const USED = ['id', 'title', 'absolute_url', 'location', 'departments', 'first_published', 'updated_at'];

export const jobsBoard1 = defineParamsTemplate({
  id: ID,
  name: 'Job board connector 1',
  description:
    "A company's public job board through its applicant-tracking platform's job board API: every open job as a job record. " +
    'Descriptions only with `content: true` (the platform then also publishes departments and offices).',
  mode: 'list',
  group: 'jobs',
  sources: [`${API}/<company>/jobs`, `${API}/<company>/jobs?content=true`],
  examples: ['https://boards.greenhouse.io/acme', 'https://job-boards.greenhouse.io/acme/jobs/4012345'],
  params: z.object({
    company: boardSlug.describe(
      'The board name (board token) of the company, e.g. `acme`; or send its board `url`.',
    ),
    content: flag('Include each job description (and departments, offices): much larger answers.'),
  }),
  fromUrl(url) {
    const host = url.hostname.toLowerCase();
    const segments = url.pathname.split('/').filter(Boolean);
    if (
      host === 'boards-api.greenhouse.io' &&
      segments[0] === 'v1' &&
      segments[1] === 'boards' &&
      segments[2]
    ) {
      return { company: segments[2] };
    }
    if (!BOARD_HOSTS.has(host)) return null;
    if (segments[0] === 'embed') {
      const board = url.searchParams.get('for');
      return board ? { company: board } : null;
    }
    return segments[0] ? { company: segments[0] } : null;
  },
  async extract(ctx, params) {
    const api = `${API}/${encodeURIComponent(params.company)}/jobs${params.content ? '?content=true' : ''}`;
    const { data, url } = await readBoard(params.company, ID, () => ctx.reader.apiJson(api));
    const body = asRecord(data);
    const items = asArray(body.jobs).map((raw) => {
      const job = asRecord(raw);
      return jobRecord(
        ID,
        job,
        {
          id: text(job.id),
          title: text(job.title),
          url: text(job.absolute_url),
          location: text(asRecord(job.location).name),
          department: joined(asArray(job.departments).map((department) => asRecord(department).name)),
          published_at: isoTime(job.first_published),
          updated_at: isoTime(job.updated_at),
          description:
            params.content && typeof job.content === 'string'
              ? htmlToText(decodeEntities(job.content))
              : null,
        },
        { used: USED, descriptionFields: ['content'] },
      );
    });
    return {
      data: listResult(items, { totalAvailable: numberOf(asRecord(body.meta).total) }),
      fetchedUrl: url,
    };
  },
});
