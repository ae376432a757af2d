import type {
  ApiKey,
  CheckDetail,
  CheckList,
  CheckWithPages,
  CreateMonitorRequest,
  IssuedApiKey,
  ListRequestsInput,
  Monitor,
  MonitorList,
  RequestLogPage,
  UpdateMonitorRequest,
  Usage,
  WebhookDelivery,
  WebhookTestDelivery,
} from '../../../sdk/typescript/src/generated/types.js';

/** One field the API refused, as its VALIDATION_ERROR `details` name it (`targets.0.url`). */
export interface FieldIssue {
  field: string;
  message: string;
}

/** Any failed call: the API's own error envelope, or a network failure in the same shape. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: FieldIssue[] = [],
  ) {
    super(message);
  }
}

const RATE_LIMIT_ATTEMPTS = 6;

/**
 * The calls the dashboard makes, each over this origin with the key as `Authorization: Bearer`.
 * The key is never put in a URL, so it appears in no access log, history entry or Referer.
 */
export function createApi(key: string, onKeyRefused?: () => void) {
  async function send(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { Authorization: `Bearer ${key}`, Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    for (let attempt = 1; ; attempt += 1) {
      let response: Response;
      try {
        response = await fetch(path, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch (error) {
        throw new ApiError(0, 'NETWORK_ERROR', `The service could not be reached (${String(error)}).`);
      }
      // A key revoked while the dashboard is open: back to the sign-in form, saying why.
      if (response.status === 401) onKeyRefused?.();
      if (response.status !== 429 || attempt === RATE_LIMIT_ATTEMPTS) return response;
      // The rate limit is per key and per second (1 on the free plan) and a view makes two or three
      // calls at once; a 429 comes before anything runs, so any call may wait for the window and retry.
      const reset = Number(response.headers.get('RateLimit-Reset')) || 1;
      // A little jitter, so the calls of one view that were refused together do not retry together.
      const waitMs = Math.min(reset, 2) * 1000 + Math.floor(Math.random() * 300);
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await send(method, path, body);
    const text = await response.text();
    let parsed: {
      success?: boolean;
      data?: unknown;
      error?: { code: string; message: string; details?: FieldIssue[] };
    };
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ApiError(
        response.status,
        'UNEXPECTED_RESPONSE',
        `The service answered ${response.status} with no JSON.`,
      );
    }
    if (!response.ok || parsed.success === false) {
      const error = parsed.error ?? {
        code: 'UNEXPECTED_RESPONSE',
        message: `The service answered ${response.status}.`,
      };
      throw new ApiError(response.status, error.code, error.message, error.details ?? []);
    }
    return parsed as T;
  }
  const data = async <T>(method: string, path: string, body?: unknown) =>
    (await call<{ data: T }>(method, path, body)).data;
  const monitor = (id: string) => `/api/v1/monitors/${encodeURIComponent(id)}`;

  return {
    listMonitors: (cursor?: string) =>
      call<MonitorList>(
        'GET',
        `/api/v1/monitors?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      ),
    getMonitor: (id: string) => data<Monitor>('GET', monitor(id)),
    createMonitor: (input: CreateMonitorRequest) => data<Monitor>('POST', '/api/v1/monitors', input),
    updateMonitor: (id: string, input: UpdateMonitorRequest) => data<Monitor>('PATCH', monitor(id), input),
    runMonitor: (id: string) => data<CheckWithPages>('POST', `${monitor(id)}/run`),
    deleteMonitor: (id: string) => data<{ id: string; deleted: true }>('DELETE', monitor(id)),
    listChecks: (id: string) => call<CheckList>('GET', `${monitor(id)}/checks?limit=100`),
    getCheck: (id: string, checkId: string) =>
      data<CheckDetail>('GET', `${monitor(id)}/checks/${encodeURIComponent(checkId)}`),
    testWebhook: (id: string) => data<WebhookTestDelivery>('POST', `${monitor(id)}/test-webhook`),
    redeliver: (id: string, checkId: string, deliveryId: string) =>
      data<WebhookDelivery>(
        'POST',
        `${monitor(id)}/checks/${encodeURIComponent(checkId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
      ),
    usage: (range: { from?: string; to?: string } = {}) => {
      const query = new URLSearchParams(
        Object.entries(range).filter(([, value]) => value) as [string, string][],
      );
      return data<Usage>('GET', `/api/v1/usage${query.size ? `?${query}` : ''}`);
    },
    listKeys: () => data<ApiKey[]>('GET', '/api/v1/keys'),
    createKey: (name?: string) => data<IssuedApiKey>('POST', '/api/v1/keys', name ? { name } : {}),
    revokeKey: (id: string) => data<ApiKey>('DELETE', `/api/v1/keys/${encodeURIComponent(id)}`),
    listRequests: (input: ListRequestsInput) => {
      const query = new URLSearchParams(
        Object.entries(input)
          .filter(([, value]) => value !== undefined && value !== '')
          .map(([name, value]) => [name, String(value)]),
      );
      return call<RequestLogPage>('GET', `/api/v1/requests?${query}`);
    },
    /** The tool catalog (free, no key needed): names to filter the request log by. */
    toolNames: async () =>
      (await data<Array<{ name: string }>>('GET', '/api/v1/tools')).map((tool) => tool.name),
  };
}

export type Api = ReturnType<typeof createApi>;
