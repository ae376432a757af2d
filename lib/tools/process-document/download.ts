import { MAX_DOCUMENT_BYTES } from '../../documents/limits.js';
import { ApiError } from '../../errors/api-error.js';
import { fetchPage } from '../../fetch/fetch-page.js';
import type { FetchEnvironment, FetchedPage } from '../../fetch/types.js';

/** docs/reference/sites-batches-documents.md#limits: the download gets at most 20 s, whatever `timeout` allows the call. */
export const DOCUMENT_FETCH_CAP_MS = 20_000;

export type DownloadedDocument = FetchedPage & { raw: Uint8Array };

/**
 * The document's bytes through the guarded fetcher: SSRF rules and robots.txt as for any page, 25 MB
 * refused from Content-Length before the body is read and counted again while it is read (413
 * DOCUMENT_TOO_LARGE either way), and a target error as 502 DOCUMENT_FETCH_ERROR.
 */
export async function downloadDocument(
  env: FetchEnvironment,
  url: string,
  options: { timeoutMs: number; respectRobots: boolean },
): Promise<DownloadedDocument> {
  let page: FetchedPage;
  try {
    page = await fetchPage(env, url, {
      timeoutMs: Math.min(options.timeoutMs, DOCUMENT_FETCH_CAP_MS),
      respectRobots: options.respectRobots,
      maxBytes: MAX_DOCUMENT_BYTES,
      readAs: 'bytes',
      headers: { accept: 'application/pdf,text/csv,text/plain,text/html;q=0.9,*/*;q=0.8' },
    });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'RESPONSE_TOO_LARGE') {
      throw new ApiError(
        'DOCUMENT_TOO_LARGE',
        `The document is larger than ${MAX_DOCUMENT_BYTES} bytes (25 MB)`,
        {
          cause: error,
        },
      );
    }
    throw error;
  }
  if (page.status < 200 || page.status > 299) {
    throw new ApiError('DOCUMENT_FETCH_ERROR', `Target answered HTTP ${page.status}`, {
      extra: { http_status: page.status },
    });
  }
  return { ...page, raw: page.raw ?? new Uint8Array() };
}
