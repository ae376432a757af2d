import {
  kindOfStatus,
  ProviderError,
  type ProviderFailureKind,
  scrubSecrets,
} from '../http/provider-error.js';
import { endpoint, providerRequest, retryAfterHeader } from '../http/provider-request.js';
import type { CallOptions } from '../kinds/call-options.js';
import type { SerpAnswer, SerpItem, SerpProvider, SerpRequest } from '../kinds/serp.js';

const PROVIDER = 'DataForSEO';
const PATH = '/v3/serp/google/organic/live/advanced';

/**
 * DataForSEO's Live Google Organic SERP, advanced (`POST /v3/serp/google/organic/live/advanced`,
 * Basic auth with the API login and password, one task per POST array). Its answer is an envelope
 * `{status_code, tasks: [{status_code, status_message, result: [{check_url, se_results_count,
 * items: [...]}]}]}`: HTTP is 200 for most failures, and the task's status code says what happened
 * (20000 ok; 401xx credentials; 402xx balance, limits and rate; 404xx/405xx bad fields; 50xxx theirs).
 */
interface DfsItem {
  type?: string;
  rank_group?: number;
  rank_absolute?: number;
  url?: string;
  domain?: string;
  title?: string;
}

interface DfsResult {
  check_url?: string;
  se_results_count?: number;
  items?: DfsItem[] | null;
}

interface DfsTask {
  status_code?: number;
  status_message?: string;
  result?: DfsResult[] | null;
}

interface DfsEnvelope {
  status_code?: number;
  status_message?: string;
  tasks?: DfsTask[];
}

/** "No Search Results.": an empty page, not a failure. */
const NO_RESULTS = 40102;

export function dataForSeoProvider(baseUrl: string, login: string, password: string): SerpProvider {
  const authorization = `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
  const secrets = [login, password, authorization.slice('Basic '.length)];
  return {
    name: 'dataforseo',
    async organicResults(request: SerpRequest, options: CallOptions): Promise<SerpAnswer> {
      const task: Record<string, unknown> = {
        keyword: request.keyword,
        language_code: request.languageCode,
        device: request.device,
        depth: request.depth,
      };
      if (request.locationCode !== undefined) task.location_code = request.locationCode;
      else task.location_name = request.locationName;

      const response = await providerRequest({
        provider: PROVIDER,
        url: endpoint(baseUrl, PATH),
        method: 'POST',
        headers: { authorization },
        body: [task],
        ...options,
      });
      const envelope = response.json as DfsEnvelope | undefined;
      if (response.status < 200 || response.status > 299) {
        throw failure(
          statusKind(envelope?.status_code) ?? kindOfStatus(response.status),
          response.status,
          envelope,
          {
            secrets,
            retryAfterSeconds: retryAfterHeader(response.headers),
          },
        );
      }
      if (!envelope || typeof envelope !== 'object' || typeof envelope.status_code !== 'number') {
        throw new ProviderError(
          PROVIDER,
          'malformed',
          `${PROVIDER} answered something other than its task envelope`,
        );
      }
      const first = envelope.tasks?.[0];
      const code = first?.status_code ?? envelope.status_code;
      if (code === NO_RESULTS) return { organic: [], seResultsCount: 0, checkUrl: null };
      if (code !== 20000) {
        throw failure(statusKind(code) ?? 'upstream', response.status, first ?? envelope, { secrets });
      }
      const result = first?.result?.[0];
      if (!result)
        throw new ProviderError(PROVIDER, 'malformed', `${PROVIDER} returned a task without a result`);
      const organic = (result.items ?? [])
        .filter((item) => item.type === 'organic' && typeof item.url === 'string')
        .map(toItem);
      return {
        organic,
        seResultsCount: typeof result.se_results_count === 'number' ? result.se_results_count : null,
        checkUrl: result.check_url ?? null,
      };
    },
  };
}

/** What `GET /v3/appendix/user_data` says about the account: free to ask, no task spent. */
export interface DataForSeoAccount {
  /** USD left on the account. */
  balance: number | null;
  /** Requests a minute the account may make. */
  requestsPerMinute: number | null;
}

interface DfsUserData {
  money?: { balance?: number };
  rates?: { limits?: { minute?: { total?: number } } };
}

export async function dataForSeoAccount(
  baseUrl: string,
  login: string,
  password: string,
  options: CallOptions,
): Promise<DataForSeoAccount> {
  const authorization = `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
  const secrets = [login, password, authorization.slice('Basic '.length)];
  const response = await providerRequest({
    provider: PROVIDER,
    url: endpoint(baseUrl, '/v3/appendix/user_data'),
    headers: { authorization },
    ...options,
  });
  const envelope = response.json as (DfsEnvelope & { tasks?: { result?: DfsUserData[] }[] }) | undefined;
  if (response.status < 200 || response.status > 299) {
    throw failure(
      statusKind(envelope?.status_code) ?? kindOfStatus(response.status),
      response.status,
      envelope,
      {
        secrets,
        retryAfterSeconds: retryAfterHeader(response.headers),
      },
    );
  }
  const first = envelope?.tasks?.[0];
  if (!envelope || typeof envelope.status_code !== 'number' || !first)
    throw new ProviderError(
      PROVIDER,
      'malformed',
      `${PROVIDER} answered something other than its task envelope`,
    );
  if (first.status_code !== 20000)
    throw failure(statusKind(first.status_code) ?? 'upstream', response.status, first, { secrets });
  // The result also names the login: only the figures are kept.
  const user = first.result?.[0];
  const balance = user?.money?.balance;
  const perMinute = user?.rates?.limits?.minute?.total;
  return {
    balance: typeof balance === 'number' ? balance : null,
    requestsPerMinute: typeof perMinute === 'number' ? perMinute : null,
  };
}

function toItem(item: DfsItem, index: number): SerpItem {
  return {
    position: item.rank_group ?? index + 1,
    absolutePosition: item.rank_absolute ?? item.rank_group ?? index + 1,
    url: item.url as string,
    domain: item.domain ?? new URL(item.url as string).hostname,
    title: item.title ?? '',
  };
}

function statusKind(code: number | undefined): ProviderFailureKind | undefined {
  if (code === undefined || code === 20000) return undefined;
  if (code >= 40100 && code < 40200) return 'auth';
  if (code >= 40200 && code < 40300) return 'rate_limited';
  if (code >= 40400 && code < 40600) return 'rejected';
  if (code >= 50000) return 'upstream';
  return 'rejected';
}

function failure(
  kind: ProviderFailureKind,
  httpStatus: number,
  answer: { status_code?: number; status_message?: string } | undefined,
  options: { secrets: string[]; retryAfterSeconds?: number },
): ProviderError {
  const code = answer?.status_code;
  const message = answer?.status_message
    ? scrubSecrets(answer.status_message, options.secrets)
    : `HTTP ${httpStatus}`;
  // "Invalid Field: 'location_name'." names the request field the caller can correct.
  const field = /invalid field:?\s*'?([a-z_]+)/i.exec(message)?.[1];
  return new ProviderError(PROVIDER, kind, `${PROVIDER} answered ${code ?? httpStatus}: ${message}`, {
    status: httpStatus,
    retryAfterSeconds: options.retryAfterSeconds,
    field,
  });
}
