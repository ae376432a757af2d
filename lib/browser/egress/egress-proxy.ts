import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { ApiError } from '../../errors/api-error.js';
import { guardedAddresses, parseMappedTarget } from '../../fetch/guarded-agent.js';
import {
  checkTarget,
  effectiveHostMap,
  normaliseHost,
  type UrlPolicyConfig,
} from '../../fetch/url-policy.js';

/**
 * The only way out of the browser. Every context is created with this proxy as its proxy server
 * (bypass list `<-loopback>`, so not even loopback goes direct), and the proxy opens every socket
 * itself: it applies the URL policy, resolves the name, refuses the whole answer when one address is
 * not public and connects to the address it checked. Redirect hops, subresources, iframes, `fetch`
 * and WebSockets in page code all arrive here, whatever the request interception saw. HTTPS stays
 * end to end (CONNECT), so the page sees the browser's own TLS.
 *
 * Each context gets its own credentials, so the proxy knows whose connection it is: that is where a
 * refusal is reported and which upstream proxy (stealth_mode's proxyRotation) it goes through.
 */

export interface UpstreamProxy {
  host: string;
  port: number;
  username?: string;
  password?: string;
}

export interface EgressTenant {
  /** A connection the policy refused, e.g. a redirect to a private address. */
  onRefusal(target: string, error: ApiError): void;
  upstream?: UpstreamProxy | null;
}

export interface EgressCredentials {
  username: string;
  password: string;
  revoke(): void;
}

export type EgressPolicy = UrlPolicyConfig;

const CONNECT_TIMEOUT_MS = 10_000;
// Connection-level headers of the hop between the browser and us; the rest of the request goes on.
const HOP_HEADERS = new Set(['proxy-authorization', 'proxy-connection', 'connection', 'keep-alive']);

interface Admitted {
  password: Buffer;
  tenant: EgressTenant;
}

export class EgressProxy {
  private readonly tenants = new Map<string, Admitted>();

  private constructor(
    private readonly server: Server,
    private readonly policy: EgressPolicy,
    readonly url: string,
  ) {}

  static async start(policy: EgressPolicy): Promise<EgressProxy> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const proxy = new EgressProxy(server, policy, `http://127.0.0.1:${port}`);
    server.on('connect', (req: IncomingMessage, socket: Socket, head: Buffer) => {
      proxy.tunnel(req, socket, head).catch(() => socket.destroy());
    });
    server.on('request', (req, res) => {
      proxy.forward(req, res.socket as Socket, res).catch(() => res.socket?.destroy());
    });
    // Plain-HTTP upgrades do not happen through a proxy (browsers tunnel WebSockets with CONNECT).
    server.on('upgrade', (_req, socket: Socket) => socket.destroy());
    server.on('clientError', (_error, socket) => socket.destroy());
    return proxy;
  }

  /** Credentials for one browser context; revoked when the context closes. */
  admit(tenant: EgressTenant): EgressCredentials {
    const username = `ctx${randomBytes(9).toString('hex')}`;
    const password = randomBytes(18).toString('hex');
    this.tenants.set(username, { password: Buffer.from(password), tenant });
    return { username, password, revoke: () => this.tenants.delete(username) };
  }

  async close(): Promise<void> {
    this.tenants.clear();
    await new Promise<void>((resolve) => {
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }

  private authenticate(req: IncomingMessage): EgressTenant | null {
    const header = req.headers['proxy-authorization'];
    if (!header?.startsWith('Basic ')) return null;
    const decoded = Buffer.from(header.slice(6), 'base64').toString();
    const colon = decoded.indexOf(':');
    const admitted = this.tenants.get(decoded.slice(0, colon));
    if (!admitted) return null;
    const given = Buffer.from(decoded.slice(colon + 1));
    return given.length === admitted.password.length && timingSafeEqual(given, admitted.password)
      ? admitted.tenant
      : null;
  }

  private async tunnel(req: IncomingMessage, client: Socket, head: Buffer): Promise<void> {
    client.on('error', () => client.destroy());
    const tenant = this.authenticate(req);
    if (!tenant) {
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="egress"\r\n\r\n',
      );
      return;
    }
    const authority = req.url ?? '';
    let upstream: Socket;
    try {
      upstream = tenant.upstream
        ? await this.throughUpstream(tenant.upstream, authority)
        : await this.open(new URL(`http://${authority}`));
    } catch (error) {
      if (error instanceof ApiError) tenant.onRefusal(authority, error);
      client.end(`HTTP/1.1 ${error instanceof ApiError ? 403 : 502} Refused\r\n\r\n`);
      return;
    }
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) upstream.write(head);
    pipeBothWays(client, upstream);
  }

  private async forward(req: IncomingMessage, client: Socket, res: ServerResponse) {
    const tenant = this.authenticate(req);
    if (!tenant) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="egress"' }).end();
      return;
    }
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end();
      return;
    }
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !HOP_HEADERS.has(name)) headers[name] = value;
    }
    let socket: Socket;
    let path = `${target.pathname}${target.search}`;
    try {
      if (tenant.upstream) {
        checkTarget(target, this.policy);
        socket = await this.openUpstream(tenant.upstream);
        path = target.href;
        const auth = basicAuth(tenant.upstream);
        if (auth) headers['proxy-authorization'] = auth;
      } else {
        socket = await this.open(target);
      }
    } catch (error) {
      if (error instanceof ApiError) tenant.onRefusal(target.href, error);
      // No answer at all: a made-up 403 would read as the target's own response to the page.
      client.destroy();
      return;
    }
    const outgoing = httpRequest({
      method: req.method,
      path,
      headers,
      createConnection: () => socket,
    });
    outgoing.on('response', (response) => {
      res.writeHead(response.statusCode ?? 502, response.rawHeaders as unknown as Record<string, string>);
      response.pipe(res);
    });
    outgoing.on('error', () => client.destroy());
    req.pipe(outgoing);
  }

  /** The URL policy, then a socket on an address the guard checked. */
  private async open(target: URL): Promise<Socket> {
    checkTarget(target, this.policy);
    const port = Number(target.port || (target.protocol === 'https:' ? 443 : 80));
    return this.openChecked(normaliseHost(target.hostname), port);
  }

  /** The caller's proxy passes the same URL policy and address checks as any target. */
  private openUpstream(upstream: UpstreamProxy): Promise<Socket> {
    const host = upstream.host.includes(':') ? `[${upstream.host}]` : upstream.host;
    return this.open(new URL(`http://${host}:${upstream.port}`));
  }

  private async openChecked(host: string, requestedPort: number): Promise<Socket> {
    const hostMap = effectiveHostMap(this.policy);
    const name = normaliseHost(host);
    const addresses = await guardedAddresses(name, hostMap);
    // A FETCH_HOST_MAP entry may name the port every request to it goes to (development only).
    const mapped = hostMap.get(name);
    const port = (mapped !== undefined ? parseMappedTarget(mapped).port : null) ?? requestedPort;
    let lastError: unknown;
    for (const address of addresses) {
      try {
        return await connectTo(address, port);
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError;
  }

  /**
   * The caller's own proxy: its address must be public like any target's; the target's name still
   * passes the URL policy (scheme, port, opt-out, literal addresses), and the upstream resolves it
   * from its own network.
   */
  private async throughUpstream(upstream: UpstreamProxy, authority: string): Promise<Socket> {
    checkTarget(new URL(`http://${authority}`), this.policy);
    const socket = await this.openUpstream(upstream);
    const auth = basicAuth(upstream);
    socket.write(
      `CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n${auth ? `Proxy-Authorization: ${auth}\r\n` : ''}\r\n`,
    );
    await readConnectReply(socket);
    return socket;
  }
}

function basicAuth(upstream: UpstreamProxy): string | null {
  if (upstream.username === undefined) return null;
  return `Basic ${Buffer.from(`${upstream.username}:${upstream.password ?? ''}`).toString('base64')}`;
}

function connectTo(address: string, port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: address, port });
    socket.setTimeout(CONNECT_TIMEOUT_MS, () => socket.destroy(new Error('connect timeout')));
    socket.once('connect', () => {
      socket.setTimeout(0);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

function readConnectReply(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const end = buffered.indexOf('\r\n\r\n');
      if (end === -1) {
        if (buffered.length > 16_384) fail(new Error('upstream proxy reply too long'));
        return;
      }
      socket.off('data', onData);
      const status = Number(buffered.subarray(0, end).toString().split(' ')[1]);
      if (status !== 200) return fail(new Error(`upstream proxy answered ${status}`));
      const rest = buffered.subarray(end + 4);
      if (rest.length > 0) socket.unshift(rest);
      resolve();
    };
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.on('data', onData);
    socket.once('error', fail);
  });
}

function pipeBothWays(a: Socket, b: Socket): void {
  a.on('error', () => b.destroy());
  b.on('error', () => a.destroy());
  a.on('close', () => b.destroy());
  b.on('close', () => a.destroy());
  a.pipe(b);
  b.pipe(a);
}
