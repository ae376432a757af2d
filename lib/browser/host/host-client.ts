import { ApiError } from '../../errors/api-error.js';
import type { BrowserHost } from './browser-host.js';
import { HOST_CALL_PATH, type HostReply, type HostRequest, signedHeaders } from './protocol.js';

/** How a tool function reaches the browser host: in this process, or over the signed protocol. */
export interface HostClient {
  call(request: HostRequest, timeoutMs: number): Promise<HostReply>;
}

/**
 * The dev server's and the tests' host, in-process. Requests and replies still go through JSON so
 * that nothing works here that the wire would not carry.
 */
export class LocalHostClient implements HostClient {
  constructor(readonly host: BrowserHost) {}

  async call(request: HostRequest): Promise<HostReply> {
    const reply = await this.host.handle(JSON.parse(JSON.stringify(request)) as HostRequest);
    return JSON.parse(JSON.stringify(reply)) as HostReply;
  }
}

/** Slack on top of an operation's own timeout for the trip and the host's bookkeeping. */
const TRANSPORT_MARGIN_MS = 5_000;

export class RemoteHostClient implements HostClient {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  async call(request: HostRequest, timeoutMs: number): Promise<HostReply> {
    const body = JSON.stringify(request);
    let response: Response;
    try {
      // The host's own address from configuration, never a user-supplied URL.
      response = await fetch(`${this.baseUrl}${HOST_CALL_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signedHeaders(this.token, body) },
        body,
        signal: AbortSignal.timeout(timeoutMs + TRANSPORT_MARGIN_MS),
      });
    } catch (error) {
      throw new ApiError('TOOL_NOT_AVAILABLE', 'The browser host cannot be reached', { cause: error });
    }
    if (!response.ok) {
      throw new ApiError('TOOL_NOT_AVAILABLE', `The browser host answered HTTP ${response.status}`);
    }
    return (await response.json()) as HostReply;
  }
}
