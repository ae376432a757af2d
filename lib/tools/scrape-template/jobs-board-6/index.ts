import { z } from '@hono/zod-openapi';
import { boardSlug, count, jobRecord, readBoard } from '../shared/job-record.js';
import { listResult } from '../shared/list-result.js';
import { asArray, asRecord, booleanOf, isoTime, joined, numberOf, text } from '../shared/values.js';
import { defineParamsTemplate } from '../template.js';

const ID = 'jobs-board-6';
const API = 'https://api.smartrecruiters.com/v1/companies';
const BOARD_HOSTS = new Set(['jobs.smartrecruiters.com', 'careers.smartrecruiters.com']);
const USED = ['id', 'name', 'location', 'department', 'typeOfEmployment', 'releasedDate'];

export const jobsBoard6 = defineParamsTemplate({
  id: ID,
  name: 'Job board connector 6',
  description:
    "A company's public postings through its applicant-tracking platform's postings API, paged with `per_page` and " +
    '`offset`; `total_available` is the total the platform declares. The list publishes no descriptions.',
  mode: 'list',
  group: 'jobs',
  sources: [`${API}/<company>/postings?limit=<per_page>&offset=<offset>`],
  examples: ['https://jobs.smartrecruiters.com/Acme', 'https://careers.smartrecruiters.com/Acme'],
  params: z.object({
    company: boardSlug.describe(
      'The company identifier on the platform, e.g. `Acme`; or send its board `url`.',
    ),
    per_page: count(
      { min: 1, max: 100, default: 100 },
      'Jobs on this page (1–100; sent as the platform’s `limit`).',
    ),
    offset: count({ min: 0, max: 100_000, default: 0 }, 'Jobs to skip: the offset of this page.'),
  }),
  fromUrl(url) {
    const host = url.hostname.toLowerCase();
    const segments = url.pathname.split('/').filter(Boolean);
    if (host === 'api.smartrecruiters.com') {
      return segments[0] === 'v1' && segments[1] === 'companies' && segments[2]
        ? { company: segments[2] }
        : null;
    }
    return BOARD_HOSTS.has(host) && segments[0] ? { company: decodeURIComponent(segments[0]) } : null;
  },
  async extract(ctx, params) {
    const query = new URLSearchParams({ limit: String(params.per_page), offset: String(params.offset) });
    const api = `${API}/${encodeURIComponent(params.company)}/postings?${query}`;
    const { data, url } = await readBoard(params.company, ID, () => ctx.reader.apiJson(api));
    const body = asRecord(data);
    const items = asArray(body.content).map((raw) => {
      const posting = asRecord(raw);
      const location = asRecord(posting.location);
      const company = text(asRecord(posting.company).identifier) ?? params.company;
      const id = text(posting.id);
      return jobRecord(
        ID,
        posting,
        {
          id,
          title: text(posting.name),
          // The list links to the API; the posting's public page lives on the jobs site.
          url: id
            ? `https://jobs.smartrecruiters.com/${encodeURIComponent(company)}/${encodeURIComponent(id)}`
            : null,
          location: text(location.fullLocation) ?? joined([location.city, location.region, location.country]),
          department: text(asRecord(posting.department).label),
          employment_type: text(asRecord(posting.typeOfEmployment).label),
          remote: booleanOf(location.remote),
          published_at: isoTime(posting.releasedDate),
        },
        { used: USED, descriptionFields: [] },
      );
    });
    const total = numberOf(body.totalFound);
    const next = params.offset + items.length;
    return {
      data: listResult(items, {
        totalAvailable: total === null ? null : total,
        nextParams:
          total !== null && next < total && items.length > 0
            ? { offset: next, per_page: params.per_page }
            : null,
      }),
      fetchedUrl: url,
    };
  },
});
