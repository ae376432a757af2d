import { ADDRCONFIG } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Agent, buildConnector } from 'undici';
import { ApiError } from '../errors/api-error.js';
import { checkAddress } from './address-policy.js';
import { normaliseHost } from './url-policy.js';

/**
 * The undici Agent every outbound fetch goes through. Its `connect` resolves the name itself,
 * judges every address the resolver returned and opens the socket on a checked address, so the
 * address that was judged is the address connected to: no second lookup for DNS rebinding to
 * race. Literal IP hosts are judged here too, because a `lookup` hook is never called for them.
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

export interface GuardedDispatcherOptions {
  /** FETCH_HOST_MAP: names that stand for a loopback address (development and tests only). */
  hostMap: ReadonlyMap<string, string>;
  connectTimeoutMs?: number;
  /** Trusted CAs in place of the system roots (tests that serve HTTPS with their own certificate). */
  ca?: string | string[];
}

function blocked(host: string, address: string, reason: string): ApiError {
  const target = host === address ? address : `${host} (resolves to ${address})`;
  return new ApiError('SSRF_BLOCKED', `Refused to connect to ${target}: not a public address (${reason})`);
}

/** The addresses to try for `host`, all of them checked; throws SSRF_BLOCKED when any one is not public. */
export async function guardedAddresses(
  host: string,
  hostMap: ReadonlyMap<string, string>,
): Promise<string[]> {
  const mapped = hostMap.get(host);
  if (mapped !== undefined) return [mapped];
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

// Errors after which the next address of the same host is worth a try (no IPv6 route, one dead node).
const nextAddressCodes = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export function createGuardedDispatcher(options: GuardedDispatcherOptions): Agent {
  const base = buildConnector({ timeout: options.connectTimeoutMs ?? 10_000, ca: options.ca });
  const connect: buildConnector.connector = (connectOptions, callback) => {
    const host = normaliseHost(connectOptions.hostname);
    const servername = connectOptions.servername || (isIP(host) === 0 ? host : undefined);
    guardedAddresses(host, options.hostMap).then(
      (addresses) => {
        const attempt = (index: number): void => {
          base({ ...connectOptions, hostname: addresses[index], servername }, (error, socket) => {
            const code = (error as { code?: string } | null)?.code;
            if (error && index + 1 < addresses.length && code && nextAddressCodes.has(code)) {
              attempt(index + 1);
              return;
            }
            if (error) callback(error, null);
            else callback(null, socket!);
          });
        };
        attempt(0);
      },
      (error: Error) => callback(error, null),
    );
  };
  return new Agent({ connect });
}

// One Agent per distinct host map, so keep-alive connections are pooled across calls; in production
// there is exactly one (the empty map).
const dispatchers = new Map<string, Agent>();

export function guardedDispatcherFor(hostMap: ReadonlyMap<string, string>): Agent {
  const key = JSON.stringify([...hostMap].sort());
  let dispatcher = dispatchers.get(key);
  if (!dispatcher) {
    dispatcher = createGuardedDispatcher({ hostMap });
    dispatchers.set(key, dispatcher);
  }
  return dispatcher;
}
