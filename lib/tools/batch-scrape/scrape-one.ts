import { ApiError } from '../../errors/api-error.js';
import { PageDocument } from '../../extract/page-document.js';
import { assessFetchedPage } from '../../fetch/assess-page.js';
import { fetchPage } from '../../fetch/fetch-page.js';
import type { FetchEnvironment, FetchedPage } from '../../fetch/types.js';
import type { BatchResult } from '../../results/batch-result.js';
import type { TemplateField } from './schema.js';
import { applyTemplate } from './template.js';

/** docs/reference/sites-batches-documents.md#limits. */
export const MAX_TEXT_CHARS = 5_000;

/** Refusals that fetch nothing: the URL is skipped, as robots.txt's are, and not charged. */
const REFUSED_WITHOUT_FETCH = new Set(['ROBOTS_DISALLOWED', 'SSRF_BLOCKED', 'HOST_OPTED_OUT']);

export interface BatchJob {
  index: number;
  id: string;
  url: string;
}

export function emptyResult(job: BatchJob, template: readonly TemplateField[] | undefined): BatchResult {
  return {
    id: job.id,
    url: job.url,
    status: 'skipped',
    http_status: null,
    title: null,
    text: null,
    fields: null,
    field_notes: template ? {} : null,
    error: null,
    error_code: null,
  };
}

export function skipped(
  job: BatchJob,
  template: readonly TemplateField[] | undefined,
  reason: ApiError | string,
) {
  const result = emptyResult(job, template);
  result.error = typeof reason === 'string' ? reason : reason.message;
  result.error_code = typeof reason === 'string' ? 'SKIPPED' : reason.code;
  return result;
}

/**
 * Fetches and reads one URL of a batch. Whatever goes wrong stays inside this URL's result: a refusal
 * that fetched nothing is `skipped`, anything else `failed` with the error a single-URL tool would give
 * (walls, target errors, PDFs and other binaries included).
 */
export async function scrapeOne(
  env: FetchEnvironment,
  job: BatchJob,
  options: { timeoutMs: number; respectRobots: boolean; template?: readonly TemplateField[] },
): Promise<BatchResult> {
  const result = emptyResult(job, options.template);
  let page: FetchedPage;
  try {
    page = await fetchPage(env, job.url, {
      timeoutMs: options.timeoutMs,
      respectRobots: options.respectRobots,
    });
  } catch (error) {
    if (!(error instanceof ApiError) || env.signal?.aborted) throw error;
    return REFUSED_WITHOUT_FETCH.has(error.code)
      ? skipped(job, options.template, error)
      : failed(result, error);
  }
  result.http_status = page.status;
  try {
    assessFetchedPage(page, { tool: 'batch_scrape', escalate: false });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return failed(result, error);
  }
  result.status = 'success';
  if (page.kind !== 'html' && page.kind !== 'xml') {
    result.text = page.body.slice(0, MAX_TEXT_CHARS);
    if (options.template) result.fields = nullFields(options.template, result, 'the page is not HTML');
    return result;
  }
  const document = PageDocument.parse(page.body, page.finalUrl);
  result.title = document.metadata.title;
  const main = document.text({ onlyMainContent: true, clean: true, preserve_formatting: true });
  const text = main.trim() === '' ? document.text({ onlyMainContent: false, clean: true }) : main;
  result.text = cut(text, MAX_TEXT_CHARS);
  if (options.template) {
    const values = applyTemplate(document, options.template);
    result.fields = values.fields;
    result.field_notes = values.field_notes;
  }
  return result;
}

function failed(result: BatchResult, error: ApiError): BatchResult {
  result.status = 'failed';
  result.error = error.message;
  result.error_code = error.code;
  return result;
}

function nullFields(template: readonly TemplateField[], result: BatchResult, why: string) {
  const fields: Record<string, null> = {};
  const notes: Record<string, string> = {};
  for (const field of template) {
    fields[field.name] = null;
    notes[field.name] = why;
  }
  result.field_notes = notes;
  return fields;
}

/** At most `max` UTF-16 units, never ending inside a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 1]) ? max - 1 : max;
  return text.slice(0, end);
}
