import { z } from '@hono/zod-openapi';
import { ApiError } from '../../../errors/api-error.js';
import { count } from '../shared/job-record.js';
import { listResult } from '../shared/list-result.js';
import { asArray, asRecord, isRecord, text } from '../shared/values.js';
import { defineParamsTemplate } from '../template.js';
import { providerRecord } from './provider-record.js';

const API = 'https://npiregistry.cms.hhs.gov/api/';
const name = (description: string) =>
  z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(
      /^[\p{L}0-9 .,'&*-]+$/u,
      "may hold letters, digits, spaces and . , ' & - (a trailing * matches any ending)",
    )
    .optional()
    .describe(description);

/** Criteria that narrow a search; the registry refuses a search by state (or type, or paging) alone. */
const CRITERIA = [
  'number',
  'first_name',
  'last_name',
  'organization_name',
  'taxonomy_description',
  'city',
  'postal_code',
] as const;
const QUERY_PARAMS = [...CRITERIA, 'enumeration_type', 'state', 'country_code', 'limit', 'skip'] as const;

const params = z
  .object({
    number: z
      .string()
      .trim()
      .regex(/^\d{10}$/, 'must be a 10-digit provider number')
      .optional()
      .describe('The 10-digit provider number: looks up one provider.'),
    enumeration_type: z
      .enum(['NPI-1', 'NPI-2'])
      .optional()
      .describe('`NPI-1` individual providers, `NPI-2` organizations.'),
    first_name: name('First name of an individual provider.'),
    last_name: name('Last name of an individual provider.'),
    organization_name: name('Name of an organization provider.'),
    taxonomy_description: name('Specialty, as the taxonomy describes it (e.g. `Family Medicine`).'),
    city: name('City of the practice location.'),
    state: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'must be a two-letter state code')
      .optional()
      .describe('Two-letter state code; not enough alone.'),
    postal_code: z
      .string()
      .trim()
      .regex(/^[0-9*]{2,9}$/, 'must be 2 to 9 digits (a trailing * matches any ending)')
      .optional()
      .describe('Postal code, 5 or 9 digits (a trailing * matches any ending).'),
    country_code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'must be a two-letter country code')
      .optional()
      .describe('Two-letter country code of the address.'),
    limit: count({ min: 1, max: 200, default: 10 }, 'Providers on this page (1–200).'),
    skip: count({ min: 0, max: 1000, default: 0 }, 'Providers to skip (0–1000).'),
  })
  .superRefine((value, issues) => {
    if (CRITERIA.every((key) => value[key] === undefined)) {
      issues.addIssue({
        code: 'custom',
        path: ['number'],
        message:
          'send number, or search by name and place: first_name, last_name, organization_name, taxonomy_description, city or postal_code (state alone is not enough)',
      });
    }
  });

export const providerRegistry = defineParamsTemplate({
  id: 'provider-registry',
  name: 'Health-care provider registry',
  description:
    "The national health-care provider registry's public API: one provider by its 10-digit number, or a search by " +
    'name and place. Each provider with its names, credential, taxonomies (specialties), addresses and identifiers.',
  mode: 'list',
  group: 'government',
  sources: [
    `${API}?version=2.1&number=<number>`,
    `${API}?version=2.1&last_name=<name>&state=<state>&limit=<limit>`,
  ],
  examples: ['https://npiregistry.cms.hhs.gov/provider-view/1234567893'],
  params,
  fromUrl(url) {
    if (url.hostname.toLowerCase() !== 'npiregistry.cms.hhs.gov') return null;
    const view = /\/provider-view\/(\d{10})\b/.exec(url.pathname);
    if (view) return { number: view[1] };
    if (!/^\/api\/?$/.test(url.pathname)) return null;
    const found = QUERY_PARAMS.filter((key) => url.searchParams.has(key)).map((key) => [
      key,
      url.searchParams.get(key),
    ]);
    return found.length > 0 ? Object.fromEntries(found) : null;
  },
  async extract(ctx, input) {
    const query = new URLSearchParams({ version: '2.1' });
    for (const key of QUERY_PARAMS) {
      const value = input[key];
      if (value !== undefined) query.set(key, String(value));
    }
    const { data, url } = await ctx.reader.apiJson(`${API}?${query}`);
    const body = asRecord(data);
    refuseRegistryErrors(body);
    const items = asArray(body.results).filter(isRecord).map(providerRecord);
    const full = items.length === input.limit;
    return {
      data: listResult(items, {
        nextParams: full ? { skip: input.skip + input.limit, limit: input.limit } : null,
      }),
      fetchedUrl: url,
    };
  },
});

/** The registry answers a search it cannot run with 200 and `Errors`: the caller's criteria were refused. */
function refuseRegistryErrors(body: Record<string, unknown>): void {
  const errors = asArray(body.Errors).map(asRecord);
  if (errors.length === 0) return;
  const details = errors.map((error) => {
    const field = text(error.field);
    return {
      field: field && field !== 'generic' ? `params.${field}` : 'params',
      message: text(error.description) ?? 'refused by the registry',
    };
  });
  throw new ApiError(
    'INVALID_TEMPLATE_PARAMS',
    `The registry refused the search: ${details.map((detail) => detail.message).join('; ')}`,
    { details },
  );
}
