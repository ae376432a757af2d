import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/** A rate decision that waits longer than this is made by the in-process fallback instead. */
const COMMAND_TIMEOUT_MS = 2_000;

/**
 * Upstash's REST protocol, which is all the service asks of it: POST one command as a JSON array,
 * read `{result}` or `{error}`. Written here rather than taken from `@upstash/redis` because the
 * store sends four commands, and that client put 79 KB into every function and loaded Node's
 * fetch (undici) on the first rate decision of each cold start. Connections are kept alive
 * between invocations, as a warm Lambda would keep its fetch connections.
 */
export class UpstashRest {
  private readonly endpoint: URL;
  private readonly send: typeof httpsRequest;
  private readonly agent: HttpAgent;

  constructor(
    url: string,
    private readonly token: string,
  ) {
    this.endpoint = new URL(url);
    const secure = this.endpoint.protocol === 'https:';
    this.send = secure ? httpsRequest : httpRequest;
    this.agent = secure ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  }

  command<T>(command: readonly (string | number)[]): Promise<T> {
    const body = JSON.stringify(command);
    return new Promise<T>((resolve, reject) => {
      const request = this.send(
        this.endpoint,
        {
          method: 'POST',
          agent: this.agent,
          timeout: COMMAND_TIMEOUT_MS,
          headers: {
            authorization: `Bearer ${this.token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => readReply<T>(response, String(command[0])).then(resolve, reject),
      );
      request.on('timeout', () => request.destroy(new Error(`Upstash ${command[0]}: no reply in time`)));
      request.on('error', reject);
      request.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

async function readReply<T>(response: IncomingMessage, name: string): Promise<T> {
  let text = '';
  response.setEncoding('utf8');
  for await (const chunk of response) text += chunk;
  let reply: { result?: T; error?: string };
  try {
    reply = JSON.parse(text);
  } catch {
    throw new Error(`Upstash ${name}: HTTP ${response.statusCode}, not JSON`);
  }
  if (reply.error !== undefined || response.statusCode !== 200)
    throw new Error(`Upstash ${name}: ${reply.error ?? `HTTP ${response.statusCode}`}`);
  return reply.result as T;
}
