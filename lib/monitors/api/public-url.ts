import { ApiError } from '../../errors/api-error.js';
import { guardedAddresses } from '../../fetch/guarded-agent.js';
import { checkTarget, effectiveHostMap, type UrlPolicyConfig } from '../../fetch/url-policy.js';

/**
 * Whether a URL a monitor stores (a target, or the webhook) points at the public internet, by the
 * fetcher's own rules: the URL policy (scheme, credentials, blocked names and ports, opt-out list,
 * literal addresses) and then the addresses the name resolves to, every one of them. The fetch
 * runs the same checks again at connect time on every check and delivery, so a name re-pointed
 * later is still refused then.
 *
 * A name that does not resolve (or not in time) is accepted: DNS can be down for a moment, and
 * the check will say FETCH_FAILED. Only an answer that names a private address is refused here.
 */

const RESOLVE_TIMEOUT_MS = 3_000;

export interface PublicUrlOptions {
  /** Webhooks: https only, wherever the name leads (test receivers on loopback serve https too). */
  httpsOnly?: boolean;
}

export async function publicUrlProblem(
  raw: string,
  config: UrlPolicyConfig,
  options: PublicUrlOptions = {},
): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return 'not a valid absolute URL';
  }
  let target: ReturnType<typeof checkTarget>;
  try {
    target = checkTarget(url, config);
  } catch (error) {
    if (error instanceof ApiError) return refusal(error);
    throw error;
  }
  if (options.httpsOnly && url.protocol !== 'https:') {
    return 'must be an https URL';
  }
  if (target.mappedAddress !== null) return null;
  try {
    await withTimeout(guardedAddresses(target.host, effectiveHostMap(config)), RESOLVE_TIMEOUT_MS);
  } catch (error) {
    if (error instanceof ApiError) return refusal(error);
  }
  return null;
}

function refusal(error: ApiError): string {
  const reason = error.message.replace(/^Refused to (?:fetch|connect to) /, '');
  return error.code === 'HOST_OPTED_OUT'
    ? `host is on the opt-out list: ${reason}`
    : `must be a public address: ${reason}`;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('resolution timed out')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
