import { ADDRCONFIG } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { isIP, type LookupFunction, type NetConnectOpts, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { rootCertificates } from 'node:tls';
import { ApiError } from '../errors/api-error.js';
import { checkAddress } from './address-policy.js';
import { normaliseHost } from './url-policy.js';

/**
 * The HTTP agents every outbound request goes through. Their `createConnection` resolves the name
 * itself, judges every address the resolver returned and opens the socket on those addresses only,
 * so the address that was judged is the address connected to: no second lookup for DNS rebinding
 * to race. Literal IP hosts are judged here too. Node's own http/https, not a bundled client: the
 * guard is the only thing this layer adds, and a bundled client cost every Lambda half a megabyte.
 */

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to every address it has, like `dns.lookup(name, { all: true })`. */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: HostResolver = (hostname) => lookup(hostname, { all: true, hints: ADDRCONFIG });

let resolverOverride: HostResolver | null = null;

/**
 * Tests only: answer name lookups with `resolve` (null restores the system resolver), so a test
 * can make a public-looking name resolve to a private address without touching real DNS.
 */
export function setHostResolverForTests(resolve: HostResolver | null): void {
  resolverOverride = resolve;
}

/** A FETCH_HOST_MAP entry: a loopback address, and optionally the port every request to the name goes to. */
export interface MappedTarget {
  address: string;
  port: number | null;
}

export function parseMappedTarget(value: string): MappedTarget {
  const [address, port] = value.split(':');
  return { address, port: port ? Number(port) : null };
}

/** SSRF_BLOCKED at connect time, naming the host refused: robots.txt's gate tells its own host from a redirect's. */
export class AddressRefusedError extends ApiError {
  constructor(
    readonly host: string,
    message: string,
  ) {
    super('SSRF_BLOCKED', message);
  }
}

function blocked(host: string, address: string, reason: string): ApiError {
  const target = host === address ? address : `${host} (resolves to ${address})`;
  return new AddressRefusedError(host, `Refused to connect to ${target}: not a public address (${reason})`);
}

/** The addresses to try for `host`, all of them checked; throws SSRF_BLOCKED when any one is not public. */
export async function guardedAddresses(
  host: string,
  hostMap: ReadonlyMap<string, string>,
): Promise<string[]> {
  const mapped = hostMap.get(host);
  if (mapped !== undefined) return [parseMappedTarget(mapped).address];
  if (isIP(host) !== 0) {
    const verdict = checkAddress(host);
    if (!verdict.public) throw blocked(host, host, verdict.reason);
    return [host];
  }
  const answers = await (resolverOverride ?? systemResolver)(host);
  if (answers.length === 0) throw Object.assign(new Error(`no address for ${host}`), { code: 'ENOTFOUND' });
  // Node asks for every address (happy eyeballs); one bad address is enough for an attacker.
  for (const { address } of answers) {
    const verdict = checkAddress(address);
    if (!verdict.public) throw blocked(host, address, verdict.reason);
  }
  return answers.map(({ address }) => address);
}

/** A lookup that answers with addresses already judged, as net.connect and happy eyeballs ask for them. */
function pinnedLookup(addresses: readonly string[]): LookupFunction {
  return (_hostname, options, callback) => {
    const answers = addresses.map((address) => ({ address, family: isIP(address) }));
    if (options.all) (callback as (error: null, answers: ResolvedAddress[]) => void)(null, answers);
    else callback(null, answers[0].address, answers[0].family);
  };
}

export interface GuardedAgentOptions {
  /** FETCH_HOST_MAP: names that stand for a loopback address (development and tests only). */
  hostMap: ReadonlyMap<string, string>;
  /** Extra trusted CA certificates, added to the system roots (tests and local HTTPS fixtures). */
  ca?: readonly string[];
}

type ConnectCallback = (error: Error | null, socket?: Duplex) => void;

/**
 * Guards a connection factory: resolve and judge first, then connect with a lookup that can only
 * answer the judged addresses (and, for a mapped name with a port, to that port).
 */
function guardedConnection(
  connect: (options: NetConnectOpts & { servername?: string }) => Socket,
  hostMap: ReadonlyMap<string, string>,
) {
  return (options: NetConnectOpts & { host?: string; servername?: string }, callback: ConnectCallback) => {
    const host = normaliseHost(options.host ?? 'localhost');
    const mapped = hostMap.get(host);
    const port =
      (mapped !== undefined ? parseMappedTarget(mapped).port : null) ?? (options as { port?: number }).port;
    guardedAddresses(host, hostMap).then(
      (addresses) => {
        try {
          const servername = options.servername || (isIP(host) === 0 ? host : undefined);
          const pinned = { ...options, port, servername, lookup: pinnedLookup(addresses) };
          callback(null, connect(pinned as unknown as NetConnectOpts));
        } catch (error) {
          callback(error as Error);
        }
      },
      (error: Error) => callback(error),
    );
    return undefined;
  };
}

export interface GuardedAgents {
  http: HttpAgent;
  https: HttpsAgent;
  close(): void;
}

export function createGuardedAgents(options: GuardedAgentOptions): GuardedAgents {
  const http = new HttpAgent({ keepAlive: true, maxSockets: 64 });
  const https = new HttpsAgent({
    keepAlive: true,
    maxSockets: 64,
    ...(options.ca?.length ? { ca: [...rootCertificates, ...options.ca] } : {}),
  });
  const baseHttp = http.createConnection.bind(http) as unknown as (options: NetConnectOpts) => Socket;
  const baseHttps = https.createConnection.bind(https) as unknown as (options: NetConnectOpts) => Socket;
  // biome-ignore lint/suspicious/noExplicitAny: Node's Agent types omit the asynchronous createConnection form
  (http as any).createConnection = guardedConnection(baseHttp, options.hostMap);
  // biome-ignore lint/suspicious/noExplicitAny: as above
  (https as any).createConnection = guardedConnection(baseHttps, options.hostMap);
  return {
    http,
    https,
    close: () => {
      http.destroy();
      https.destroy();
    },
  };
}

// One pair of agents per distinct host map and CA set, so keep-alive connections are pooled across
// calls; in production there is exactly one (the empty map, the system roots).
const pools = new Map<string, GuardedAgents>();

export function guardedAgentsFor(
  hostMap: ReadonlyMap<string, string>,
  ca: readonly string[] = [],
): GuardedAgents {
  const key = JSON.stringify([[...hostMap].sort(), ca]);
  let agents = pools.get(key);
  if (!agents) {
    agents = createGuardedAgents({ hostMap, ca });
    pools.set(key, agents);
  }
  return agents;
}
