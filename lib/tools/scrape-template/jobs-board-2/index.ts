import { z } from '@hono/zod-openapi';
import { boardSlug, count, flag, jobRecord, readBoard, wholeNumber } from '../shared/job-record.js';
import { listResult } from '../shared/list-result.js';
import { htmlToText } from '../shared/markup.js';
import { asArray, asRecord, isoTime, joined, multiline, text } from '../shared/values.js';
import { defineParamsTemplate } from '../template.js';

const ID = 'jobs-board-2';
const API_HOSTS = { global: 'api.lever.co', eu: 'api.eu.lever.co' } as const;
const BOARD_HOSTS: Record<string, 'global' | 'eu'> = {
  'jobs.lever.co': 'global',
  'jobs.eu.lever.co': 'eu',
  'api.lever.co': 'global',
  'api.eu.lever.co': 'eu',
};
const USED = ['id', 'text', 'hostedUrl', 'categories', 'workplaceType', 'createdAt', 'updatedAt'];
const DESCRIPTION_FIELDS = [
  'description',
  'descriptionPlain',
  'descriptionBody',
  'descriptionBodyPlain',
  'opening',
  'openingPlain',
  'lists',
  'additional',
  'additionalPlain',
];
const REMOTE: Record<string, boolean> = { remote: true, 'on-site': false, onsite: false, hybrid: false };

export const jobsBoard2 = defineParamsTemplate({
  id: ID,
  name: 'Job board connector 2',
  description:
    "A company's postings through its applicant-tracking platform's public postings API, paged with `skip` and " +
    '`limit`. Descriptions (opening, lists, closing) only with `descriptions: true`.',
  mode: 'list',
  group: 'jobs',
  sources: [
    'https://api.lever.co/v0/postings/<company>?mode=json&skip=<skip>&limit=<limit>',
    'https://api.eu.lever.co/v0/postings/<company>?mode=json',
  ],
  examples: [
    'https://jobs.lever.co/acme',
    'https://jobs.eu.lever.co/acme/6f2c1a9e-1b7d-4c1e-9a55-0d3e2b7c9f10',
  ],
  params: z.object({
    company: boardSlug.describe(
      'The site name of the company on the platform, e.g. `acme`; or send its board `url`.',
    ),
    skip: count({ min: 0, max: 100_000, default: 0 }, 'Postings to skip: the offset of this page.'),
    limit: wholeNumber({ min: 1, max: 1000 })
      .optional()
      .describe('Postings on this page (1–1000); without it the platform answers every posting.'),
    descriptions: flag('Include each posting description as text: much larger answers.'),
    region: z
      .enum(['global', 'eu'])
      .default('global')
      .describe('`eu` for boards hosted in the platform’s EU data centre (jobs.eu.lever.co).'),
  }),
  fromUrl(url) {
    const region = BOARD_HOSTS[url.hostname.toLowerCase()];
    if (!region) return null;
    const segments = url.pathname.split('/').filter(Boolean);
    const company = url.hostname.startsWith('api.')
      ? segments[0] === 'v0' && segments[1] === 'postings'
        ? segments[2]
        : null
      : segments[0];
    return company ? { company, ...(region === 'eu' ? { region } : {}) } : null;
  },
  async extract(ctx, params) {
    const query = new URLSearchParams({ mode: 'json', skip: String(params.skip) });
    if (params.limit !== undefined) query.set('limit', String(params.limit));
    const api = `https://${API_HOSTS[params.region]}/v0/postings/${encodeURIComponent(params.company)}?${query}`;
    const { data, url } = await readBoard(params.company, ID, () => ctx.reader.apiJson(api));
    const items = asArray(data).map((raw) => {
      const posting = asRecord(raw);
      const categories = asRecord(posting.categories);
      const allLocations = asArray(categories.allLocations);
      const workplace = text(posting.workplaceType)?.toLowerCase();
      return jobRecord(
        ID,
        posting,
        {
          id: text(posting.id),
          title: text(posting.text),
          url: text(posting.hostedUrl),
          location: allLocations.length > 1 ? joined(allLocations, '; ') : text(categories.location),
          department: text(categories.department),
          team: text(categories.team),
          employment_type: text(categories.commitment),
          remote: workplace !== undefined && workplace in REMOTE ? REMOTE[workplace] : null,
          published_at: isoTime(posting.createdAt),
          updated_at: isoTime(posting.updatedAt),
          description: params.descriptions ? postingText(posting) : null,
        },
        { used: USED, descriptionFields: DESCRIPTION_FIELDS },
      );
    });
    const limit = params.limit;
    const full = limit !== undefined && items.length === limit;
    return {
      data: listResult(items, { nextParams: full ? { skip: params.skip + limit, limit } : null }),
      fetchedUrl: url,
    };
  },
});

/** The platform splits a posting into an opening, titled lists and a closing: read as one text. */
function postingText(posting: Record<string, unknown>): string | null {
  const parts = [multiline(posting.descriptionPlain) ?? htmlToText(multiline(posting.description))];
  for (const list of asArray(posting.lists)) {
    const entry = asRecord(list);
    const body = htmlToText(`<ul>${typeof entry.content === 'string' ? entry.content : ''}</ul>`);
    parts.push([text(entry.text), body].filter((part) => part !== null).join('\n') || null);
  }
  parts.push(multiline(posting.additionalPlain) ?? htmlToText(multiline(posting.additional)));
  const kept = parts.filter((part): part is string => part !== null);
  return kept.length > 0 ? kept.join('\n\n') : null;
}
