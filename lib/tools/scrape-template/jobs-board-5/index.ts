import { z } from '@hono/zod-openapi';
import { flag, jobRecord, readBoard, subdomainLabel } from '../shared/job-record.js';
import { listResult } from '../shared/list-result.js';
import { htmlToText } from '../shared/markup.js';
import { asArray, asRecord, booleanOf, isoTime, joined, multiline, text } from '../shared/values.js';
import { defineParamsTemplate } from '../template.js';

const ID = 'jobs-board-5';
const PLATFORM_DOMAIN = 'recruitee.com';
const USED = [
  'id',
  'title',
  'careers_url',
  'location',
  'city',
  'country',
  'department',
  'employment_type_code',
  'remote',
  'published_at',
  'updated_at',
];
const DESCRIPTION_FIELDS = ['description', 'requirements'];
const RESERVED = new Set(['www', 'app', 'api', 'help', 'blog', 'support', 'status', 'careers']);

export const jobsBoard5 = defineParamsTemplate({
  id: ID,
  name: 'Job board connector 5',
  description:
    "A company's published offers through the public offers API on its own subdomain of the applicant-tracking " +
    'platform. Descriptions (description, requirements) only with `descriptions: true`.',
  mode: 'list',
  group: 'jobs',
  sources: [`https://<company>.${PLATFORM_DOMAIN}/api/offers/`],
  examples: ['https://acme.recruitee.com/', 'https://acme.recruitee.com/o/backend-engineer'],
  params: z.object({
    company: subdomainLabel.describe(
      `The company's subdomain on the platform (\`acme\` for acme.${PLATFORM_DOMAIN}); or send its careers \`url\`.`,
    ),
    descriptions: flag('Include each offer description and requirements as text: much larger answers.'),
  }),
  fromUrl(url) {
    const sub = new RegExp(`^([a-z0-9-]+)\\.${PLATFORM_DOMAIN.replace('.', '\\.')}$`).exec(
      url.hostname.toLowerCase(),
    )?.[1];
    return sub && !RESERVED.has(sub) ? { company: sub } : null;
  },
  async extract(ctx, params) {
    // The subdomain comes from the caller: the guarded fetcher judges the address it resolves to.
    const api = `https://${params.company}.${PLATFORM_DOMAIN}/api/offers/`;
    const { data, url } = await readBoard(params.company, ID, () => ctx.reader.apiJson(api));
    const items = asArray(asRecord(data).offers).map((raw) => {
      const offer = asRecord(raw);
      return jobRecord(
        ID,
        offer,
        {
          id: text(offer.id),
          title: text(offer.title),
          url: text(offer.careers_url),
          location: text(offer.location) ?? joined([offer.city, offer.country]),
          department: text(offer.department),
          employment_type: text(offer.employment_type_code),
          remote: booleanOf(offer.remote),
          published_at: isoTime(offer.published_at),
          updated_at: isoTime(offer.updated_at),
          description: params.descriptions ? descriptionText(offer) : null,
        },
        { used: USED, descriptionFields: DESCRIPTION_FIELDS },
      );
    });
    return { data: listResult(items), fetchedUrl: url };
  },
});

function descriptionText(offer: Record<string, unknown>): string | null {
  const parts = DESCRIPTION_FIELDS.map((field) => htmlToText(multiline(offer[field])));
  const kept = parts.filter((part): part is string => part !== null);
  return kept.length > 0 ? kept.join('\n\n') : null;
}
