import { isIP } from 'node:net';
import type { Config } from '../env.js';
import { ApiError, validationError } from '../errors/api-error.js';
import { checkAddress } from './address-policy.js';

/**
 * The checks a URL must pass before any socket is opened, run again on every redirect hop.
 * DNS names pass here on their name alone; their addresses are judged where the socket is
 * opened (guarded-dispatcher.ts), so a name cannot be re-resolved between check and connect.
 */

export type UrlPolicyConfig = Pick<Config, 'fetchHostMap' | 'optOutHosts' | 'NODE_ENV'>;

const noHosts: ReadonlyMap<string, string> = new Map();

/**
 * FETCH_HOST_MAP as it applies: env.ts already refuses it in production, and this second check
 * keeps a hand-built config from ever sending production traffic to loopback.
 */
export function effectiveHostMap(
  config: Pick<Config, 'fetchHostMap' | 'NODE_ENV'>,
): ReadonlyMap<string, string> {
  return config.NODE_ENV === 'production' ? noHosts : config.fetchHostMap;
}

export interface FetchTarget {
  url: URL;
  /** Lower case, without IPv6 brackets or trailing dots. */
  host: string;
  /** The loopback address a FETCH_HOST_MAP host stands for (development and tests only). */
  mappedAddress: string | null;
}

// Names that reach the machine itself, the cloud's metadata service or the local network.
const blockedNames = new Set([
  'localhost',
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
  'kubernetes.default',
]);
const blockedSuffixes = ['.localhost', '.local', '.internal', '.localdomain', '.arpa'];

// The Fetch standard's bad ports (mail, shell, IRC...): a browser never connects to them, nor do we.
const badPorts = new Set(
  [
    0, 1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103,
    104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514,
    515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723,
    2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
  ].map(String),
);

/** `Example.COM.` and `[::1]` become `example.com` and `::1`: one spelling per host for every list lookup. */
export function normaliseHost(hostname: string): string {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return bare.toLowerCase().replace(/\.+$/, '');
}

/** The host itself or any subdomain of a host on the permanent opt-out list. */
export function isOptedOut(host: string, optOutHosts: ReadonlySet<string>): boolean {
  if (optOutHosts.size === 0) return false;
  const normal = normaliseHost(host);
  for (let name = normal; name !== ''; ) {
    if (optOutHosts.has(name)) return true;
    const dot = name.indexOf('.');
    name = dot === -1 ? '' : name.slice(dot + 1);
  }
  return false;
}

function refuse(url: URL | string, why: string): ApiError {
  return new ApiError('SSRF_BLOCKED', `Refused to fetch ${String(url)}: ${why}`);
}

/** Parses the caller's URL; a string that is not a URL at all is bad input (400), not a refusal. */
export function parseTargetUrl(input: string | URL): URL {
  if (input instanceof URL) return new URL(input.href);
  try {
    return new URL(input.trim());
  } catch {
    throw validationError('url is not a valid absolute URL', [
      { field: 'url', message: 'not a valid absolute URL' },
    ]);
  }
}

function refusedName(host: string): string | null {
  if (blockedNames.has(host)) return `${host} is a local or cloud metadata host name`;
  if (blockedSuffixes.some((suffix) => host.endsWith(suffix)))
    return `${host} is a local or internal host name`;
  if (!host.includes('.')) return `single-label host name ${host} would resolve inside the local network`;
  return null;
}

/** Runs every check that needs no DNS answer; throws 403 SSRF_BLOCKED or HOST_OPTED_OUT. */
export function checkTarget(url: URL, config: UrlPolicyConfig): FetchTarget {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw refuse(url, `scheme ${url.protocol} is not allowed (http and https only)`);
  }
  if (url.username !== '' || url.password !== '') {
    throw refuse(url.origin, 'URLs with credentials (user:password@) are not fetched');
  }
  const host = normaliseHost(url.hostname);
  if (host === '') throw refuse(url, 'empty host');
  if (isOptedOut(host, config.optOutHosts)) {
    throw new ApiError('HOST_OPTED_OUT', `${host} is on the permanent opt-out list and is never fetched`);
  }
  if (badPorts.has(url.port)) throw refuse(url, `port ${url.port} is not allowed`);

  const mappedAddress = effectiveHostMap(config).get(host) ?? null;
  if (mappedAddress !== null) return { url, host, mappedAddress };

  if (isIP(host) !== 0) {
    const verdict = checkAddress(host);
    if (!verdict.public) throw refuse(url, `${host} is not a public address (${verdict.reason})`);
    return { url, host, mappedAddress: null };
  }
  const nameProblem = refusedName(host);
  if (nameProblem !== null) throw refuse(url, nameProblem);
  return { url, host, mappedAddress: null };
}
