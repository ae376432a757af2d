import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { monitorEmailRecipients } from '../../db/schema/index.js';
import { ApiError } from '../../errors/api-error.js';
import { logger } from '../../logger.js';
import type { Email, Mailer } from '../../notify/mailer.js';
import { type EmailLink, emailLinkUrl, readEmailLink, signEmailLink } from './email-links.js';

/**
 * Consent for monitor email (docs/reference/monitors.md#notifications): an address in
 * `notify_emails` gets one confirmation email, and nothing else until its link is followed; every
 * email names a one-click unsubscribe that takes the address off that monitor for good.
 */

export type RecipientStatus = 'pending' | 'confirmed' | 'unsubscribed';

export interface LinkConfig {
  PUBLIC_BASE_URL?: string;
  PORT: number;
  emailLinkSecret: string;
}

export interface RecipientContext {
  db: Database;
  config: LinkConfig;
  mailer?: Mailer;
  now: Date;
}

function key(email: string): string {
  return email.trim().toLowerCase();
}

/** Each address as its monitor lists it, with its state. */
export interface EmailStatus {
  email: string;
  status: RecipientStatus;
}

export async function recipientStatuses(
  db: Database,
  monitors: Array<{ id: string; notifyEmails: string[] }>,
): Promise<Map<string, EmailStatus[]>> {
  const withEmails = monitors.filter((monitor) => monitor.notifyEmails.length > 0);
  const known = new Map<string, RecipientStatus>();
  if (withEmails.length > 0) {
    const rows = await db
      .select()
      .from(monitorEmailRecipients)
      .where(
        inArray(
          monitorEmailRecipients.monitorId,
          withEmails.map((monitor) => monitor.id),
        ),
      );
    for (const row of rows) known.set(`${row.monitorId} ${row.email}`, row.status);
  }
  return new Map(
    monitors.map((monitor) => [
      monitor.id,
      monitor.notifyEmails.map((email) => ({
        email,
        status: known.get(`${monitor.id} ${key(email)}`) ?? 'pending',
      })),
    ]),
  );
}

/** The addresses of a monitor that may be emailed now: confirmed, not unsubscribed. */
export async function confirmedRecipients(
  db: Database,
  monitor: { id: string; notifyEmails: string[] },
): Promise<string[]> {
  const statuses = (await recipientStatuses(db, [monitor])).get(monitor.id) ?? [];
  return statuses.filter((entry) => entry.status === 'confirmed').map((entry) => entry.email);
}

/**
 * Records the addresses a monitor lists for the first time and sends each its one confirmation.
 * An address seen on this monitor before (even removed since, or unsubscribed) is not asked again.
 */
export async function enrollRecipients(
  ctx: RecipientContext,
  monitor: { id: string; name: string; notifyEmails: string[] },
): Promise<void> {
  const byKey = new Map(monitor.notifyEmails.map((email) => [key(email), email]));
  if (byKey.size === 0) return;
  const added = await ctx.db
    .insert(monitorEmailRecipients)
    .values(
      [...byKey.keys()].map((email) => ({
        monitorId: monitor.id,
        email,
        status: 'pending' as const,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })),
    )
    .onConflictDoNothing()
    .returning({ email: monitorEmailRecipients.email });
  const { mailer } = ctx;
  if (!mailer) return;
  for (const { email } of added) {
    const to = byKey.get(email) ?? email;
    // A failed send leaves the address pending: the monitor's read shows it, and nothing else goes to it.
    await mailer
      .send(confirmationEmail(ctx, monitor, to))
      .catch((error) =>
        logger.error('confirmation email failed', { monitorId: monitor.id, error: String(error) }),
      );
  }
}

function confirmationEmail(
  ctx: Pick<RecipientContext, 'config' | 'now'>,
  monitor: { id: string; name: string },
  to: string,
): Email {
  const link = { monitorId: monitor.id, email: key(to) };
  const confirm = emailLinkUrl(
    ctx.config,
    'confirm',
    signEmailLink(ctx.config.emailLinkSecret, 'confirm', link, ctx.now),
  );
  return withUnsubscribe(ctx, monitor.id, to, {
    to: [to],
    subject: `Confirm email alerts for monitor "${monitor.name}"`,
    text: [
      `Someone asked for email about changes found by the monitor "${monitor.name}" (${monitor.id}) to be sent to ${to}.`,
      '',
      'Nothing more is sent to this address unless you confirm:',
      confirm,
      '',
      'If you did not ask for this, ignore this email.',
    ].join('\n'),
  });
}

/**
 * One recipient's copy of a monitor email: an unsubscribe link at the foot and in
 * `List-Unsubscribe`, with `List-Unsubscribe-Post` so mail clients may unsubscribe in one click (RFC 8058).
 */
export function withUnsubscribe(
  ctx: { config: LinkConfig; now: Date },
  monitorId: string,
  to: string,
  email: Email,
): Email {
  const token = signEmailLink(
    ctx.config.emailLinkSecret,
    'unsubscribe',
    { monitorId, email: key(to) },
    ctx.now,
  );
  const url = emailLinkUrl(ctx.config, 'unsubscribe', token);
  return {
    ...email,
    to: [to],
    text: `${email.text}\n\n--\nStop these emails from this monitor: ${url}\n`,
    headers: {
      ...email.headers,
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

async function setStatus(
  db: Database,
  link: EmailLink,
  status: RecipientStatus,
  now: Date,
  onlyFrom: RecipientStatus[],
): Promise<RecipientStatus> {
  const where = and(
    eq(monitorEmailRecipients.monitorId, link.monitorId),
    eq(monitorEmailRecipients.email, link.email),
  );
  const [updated] = await db
    .update(monitorEmailRecipients)
    .set({ status, updatedAt: now })
    .where(and(where, inArray(monitorEmailRecipients.status, onlyFrom)))
    .returning({ status: monitorEmailRecipients.status });
  if (updated) return updated.status;
  const [row] = await db
    .select({ status: monitorEmailRecipients.status })
    .from(monitorEmailRecipients)
    .where(where);
  if (!row) throw new ApiError('NOT_FOUND', 'This monitor or address no longer exists.');
  return row.status;
}

export interface LinkOutcome {
  monitor_id: string;
  email: string;
  status: RecipientStatus;
}

/** Following a confirmation link: pending becomes confirmed; again, or after unsubscribing, nothing changes. */
export async function confirmRecipient(
  ctx: { db: Database; config: LinkConfig; now: Date },
  token: string | undefined,
): Promise<LinkOutcome> {
  const link = readEmailLink(ctx.config.emailLinkSecret, 'confirm', token, ctx.now);
  const status = await setStatus(ctx.db, link, 'confirmed', ctx.now, ['pending']);
  return { monitor_id: link.monitorId, email: link.email, status };
}

export async function unsubscribeRecipient(
  ctx: { db: Database; config: LinkConfig; now: Date },
  token: string | undefined,
): Promise<LinkOutcome> {
  const link = readEmailLink(ctx.config.emailLinkSecret, 'unsubscribe', token, ctx.now);
  const status = await setStatus(ctx.db, link, 'unsubscribed', ctx.now, ['pending', 'confirmed']);
  return { monitor_id: link.monitorId, email: link.email, status };
}
