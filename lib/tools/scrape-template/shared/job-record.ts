import { z } from '@hono/zod-openapi';
import { ApiError } from '../../../errors/api-error.js';
import { type JsonObject, omit } from './values.js';

/**
 * The job record every job-board connector returns (docs/reference/templates.md#templates), field for field. What the
 * platform does not publish is null; what it publishes beyond these goes to `raw_extra` under the
 * platform's own names. `source` is the connector's (neutral) template id.
 */
export interface JobRecord {
  id: string | null;
  title: string | null;
  url: string | null;
  location: string | null;
  department: string | null;
  team: string | null;
  employment_type: string | null;
  remote: boolean | null;
  published_at: string | null;
  updated_at: string | null;
  description: string | null;
  source: string;
  raw_extra: JsonObject;
}

export type JobFields = Partial<Omit<JobRecord, 'source' | 'raw_extra'>>;

/**
 * One posting as a job record. `used` names the platform fields the mapping read (left out of
 * `raw_extra`); `descriptionFields` are left out as well, so an opted-out description never comes
 * back through `raw_extra` and an opted-in one is not sent twice.
 */
export function jobRecord(
  source: string,
  raw: JsonObject,
  fields: JobFields,
  keys: { used: readonly string[]; descriptionFields: readonly string[] },
): JobRecord {
  return {
    id: fields.id ?? null,
    title: fields.title ?? null,
    url: fields.url ?? null,
    location: fields.location ?? null,
    department: fields.department ?? null,
    team: fields.team ?? null,
    employment_type: fields.employment_type ?? null,
    remote: fields.remote ?? null,
    published_at: fields.published_at ?? null,
    updated_at: fields.updated_at ?? null,
    description: fields.description ?? null,
    source,
    raw_extra: omit(raw, [...keys.used, ...keys.descriptionFields]),
  };
}

/**
 * A board's name on the platform: the company slug of its board URL. Letters, digits, dots,
 * dashes and underscores only, so it can never change the host or path it is put into.
 */
export const boardSlug = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be the board name of the company (letters, digits, . _ -)');

/** A company's own subdomain of the platform: one DNS label. */
export const subdomainLabel = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'must be the company subdomain (one DNS label)');

/** `true`/`false` also accepted as strings, as query-string minded clients send them. */
export function flag(description: string) {
  return z
    .preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean())
    .default(false)
    .describe(description);
}

/** A whole number within bounds, also accepted as a numeric string. */
export function wholeNumber(bounds: { min: number; max: number }) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value),
    z.number().int().min(bounds.min).max(bounds.max),
  );
}

/** `wholeNumber` with a default. */
export function count(bounds: { min: number; max: number; default: number }, description: string) {
  return wholeNumber(bounds).default(bounds.default).describe(description);
}

/** A board the platform does not know: the 404 says so in the connector's words. */
export async function readBoard<T>(board: string, template: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError && error.code === 'UPSTREAM_HTTP' && error.status === 404) {
      throw new ApiError(
        'UPSTREAM_HTTP',
        `${template}: the platform has no job board named "${board}" (HTTP 404)`,
        {
          status: 404,
        },
      );
    }
    throw error;
  }
}
