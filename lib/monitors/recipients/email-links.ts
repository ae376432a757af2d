import { createHmac, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../../errors/api-error.js';

/**
 * The signed links of monitor emails. A token names what it does (confirm an address, or take it
 * off a monitor), the monitor, the address and an expiry, and carries an HMAC-SHA256 of all four
 * under the server's EMAIL_LINK_SECRET: nothing is stored per link, and a changed byte, another
 * purpose or a passed expiry is refused.
 */

export type EmailLinkPurpose = 'confirm' | 'unsubscribe';

export const EMAIL_LINKS_PATH = '/api/v1/monitors/email';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A confirmation is answered within days or not at all; an unsubscribe link must outlive any inbox. */
const LIFETIME_MS: Record<EmailLinkPurpose, number> = { confirm: 7 * DAY_MS, unsubscribe: 3650 * DAY_MS };

export interface EmailLink {
  monitorId: string;
  email: string;
}

function signature(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest();
}

export function signEmailLink(secret: string, purpose: EmailLinkPurpose, link: EmailLink, now: Date): string {
  const expires = Math.floor((now.getTime() + LIFETIME_MS[purpose]) / 1000);
  const payload = [purpose, link.monitorId, link.email, String(expires)].join('\n');
  return `${Buffer.from(payload).toString('base64url')}.${signature(secret, payload).toString('base64url')}`;
}

function badLink(message: string): ApiError {
  return new ApiError('VALIDATION_ERROR', message, { details: [{ field: 'token', message }] });
}

export function readEmailLink(
  secret: string,
  purpose: EmailLinkPurpose,
  token: string | undefined,
  now: Date,
): EmailLink {
  if (!token) throw badLink('The link has no token.');
  const [encoded, mac, extra] = token.split('.');
  if (!encoded || !mac || extra !== undefined) throw badLink('The link is malformed.');
  const payload = Buffer.from(encoded, 'base64url').toString();
  const expected = signature(secret, payload);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw badLink('The link is not one this service signed (was it copied in full?).');
  }
  const [kind, monitorId, email, expires] = payload.split('\n');
  if (kind !== purpose) throw badLink(`The link is not a ${purpose} link.`);
  if (Number(expires) * 1000 < now.getTime()) throw badLink('The link has expired.');
  return { monitorId, email };
}

/** Where a link points: PUBLIC_BASE_URL, else the local dev server. */
export function emailLinkUrl(
  config: { PUBLIC_BASE_URL?: string; PORT: number },
  purpose: EmailLinkPurpose,
  token: string,
): string {
  const base = (config.PUBLIC_BASE_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
  return `${base}${EMAIL_LINKS_PATH}/${purpose}?token=${encodeURIComponent(token)}`;
}
