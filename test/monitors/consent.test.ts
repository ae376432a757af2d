import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { monitorEmailRecipients, monitors } from '../../lib/db/schema/index.js';
import { runCheck } from '../../lib/monitors/check/run-check.js';
import { EMAIL_LINKS_PATH, signEmailLink } from '../../lib/monitors/recipients/email-links.js';
import { createMailer } from '../../lib/notify/mailer.js';
import { clockedRuntime, type MonitorWorld, page, startMonitorWorld } from './support.js';

/**
 * Consent for monitor email (docs/reference/monitors.md#notifications), end to end: the API and the
 * check send through a real SMTP server on loopback, and every link is followed over HTTP.
 */

interface Received {
  to: string[];
  data: string;
}

const received: Received[] = [];
let smtp: SMTPServer;
let world: MonitorWorld;
const created: string[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          data: Buffer.concat(chunks).toString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  world = await startMonitorWorld({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});
afterEach(async () => {
  received.splice(0);
  if (created.length > 0) {
    await world.harness.services.db.delete(monitors).where(inArray(monitors.id, created.splice(0)));
  }
});
afterAll(async () => {
  await world.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The message as one string: folded header lines and quoted-printable undone. */
function unfolded(data: string): string {
  return data
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .replace(/\r?\n[ \t]+/g, ' ');
}

/** A link the service wrote, pointed at the test's server (the link's origin is PUBLIC_BASE_URL). */
function linkIn(mail: Received, kind: 'confirm' | 'unsubscribe'): string {
  const match = unfolded(mail.data).match(
    new RegExp(`https?://\\S+${EMAIL_LINKS_PATH}/${kind}\\?token=[\\w.%-]+`),
  );
  if (!match) throw new Error(`no ${kind} link in:\n${mail.data}`);
  const url = new URL(match[0]);
  return `${world.harness.baseUrl}${url.pathname}${url.search}`;
}

function header(mail: Received, name: string): string | null {
  const line = unfolded(mail.data)
    .split(/\r?\n/)
    .find((entry) => entry.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}

async function setUp(emails: string[]) {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const path = `/consent-${stamp}`;
  world.shop.set(path, page('Consent', 'Price: $10.'));
  const account = await world.harness.account({ credits: 100 });
  const res = await world.harness.call('POST', '/api/v1/monitors', {
    key: account.key,
    body: { name: 'Consent', targets: [{ url: world.shop.url(path) }], notify_emails: emails },
  });
  expect(res.status).toBe(201);
  created.push(res.body.data.id);
  const { rt } = clockedRuntime(world, new Date(), { mailer: createMailer(world.harness.services.config) });
  let price = 10;
  const change = async () => {
    price += 1;
    world.shop.set(path, page('Consent', `Price: $${price}.`));
    const before = received.length;
    await runCheck(rt, { trigger: 'manual', monitorId: res.body.data.id, accountId: account.accountId });
    return received.slice(before);
  };
  // The first check finds the page new: nothing to announce, the baseline is set.
  await runCheck(rt, { trigger: 'manual', monitorId: res.body.data.id, accountId: account.accountId });
  return { account, monitor: res.body.data, change };
}

describe('notify_emails consent', () => {
  it('sends one confirmation with a link, emails nothing else until it is followed, then emails the change', async () => {
    const { account, monitor, change } = await setUp(['Ops@Example.com']);
    expect(monitor.notify_emails).toEqual(['Ops@Example.com']);
    expect(monitor.notify_email_status).toEqual([{ email: 'Ops@Example.com', status: 'pending' }]);
    expect(received).toHaveLength(1);
    const [confirmation] = received.splice(0);
    // The SMTP server writes the domain of an envelope address in lower case.
    expect(confirmation.to.map((to) => to.toLowerCase())).toEqual(['ops@example.com']);
    expect(header(confirmation, 'Subject')).toContain('Confirm');
    expect(header(confirmation, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // A change while the address is pending: the webhook-less check sends no email at all.
    expect(await change()).toEqual([]);

    // Listing the address again (an update with the same list) sends no second confirmation.
    const same = await world.harness.call('PATCH', `/api/v1/monitors/${monitor.id}`, {
      key: account.key,
      body: { notify_emails: ['Ops@Example.com'] },
    });
    expect(same.status).toBe(200);
    expect(received).toHaveLength(0);

    const confirmed = await fetch(linkIn(confirmation, 'confirm'));
    expect(confirmed.status).toBe(200);
    expect((await confirmed.json()).data).toMatchObject({ monitor_id: monitor.id, status: 'confirmed' });
    // Twice is fine.
    expect((await fetch(linkIn(confirmation, 'confirm'))).status).toBe(200);

    const got = await world.harness.call('GET', `/api/v1/monitors/${monitor.id}`, { key: account.key });
    expect(got.body.data.notify_email_status).toEqual([{ email: 'Ops@Example.com', status: 'confirmed' }]);
    const listed = await world.harness.call('GET', '/api/v1/monitors', { key: account.key });
    expect(listed.body.data[0].notify_email_status).toEqual([
      { email: 'Ops@Example.com', status: 'confirmed' },
    ]);

    const mails = await change();
    expect(mails).toHaveLength(1);
    expect(mails[0].to.map((to) => to.toLowerCase())).toEqual(['ops@example.com']);
    expect(header(mails[0], 'Subject')).toBe('[Consent] 1 changed');
    expect(header(mails[0], 'List-Unsubscribe')).toMatch(
      new RegExp(`^<https?://[^>]+${EMAIL_LINKS_PATH}/unsubscribe\\?token=[^>]+>$`),
    );
    expect(header(mails[0], 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(unfolded(mails[0].data)).toContain('Stop these emails from this monitor:');
  });

  it('one-click POST on the List-Unsubscribe URL stops the emails to that address only', async () => {
    const { account, monitor, change } = await setUp(['ops@example.com', 'cto@example.com']);
    expect(received.map((mail) => mail.to[0]).sort()).toEqual(['cto@example.com', 'ops@example.com']);
    for (const mail of received.splice(0)) {
      expect((await fetch(linkIn(mail, 'confirm'))).status).toBe(200);
    }
    const first = await change();
    expect(first.map((mail) => mail.to[0]).sort()).toEqual(['cto@example.com', 'ops@example.com']);
    const toOps = first.find((mail) => mail.to[0] === 'ops@example.com') as Received;
    const oneClick = header(toOps, 'List-Unsubscribe')?.slice(1, -1) ?? '';
    const url = new URL(oneClick);
    const res = await fetch(`${world.harness.baseUrl}${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ email: 'ops@example.com', status: 'unsubscribed' });

    const next = await change();
    expect(next.map((mail) => mail.to)).toEqual([['cto@example.com']]);
    const got = await world.harness.call('GET', `/api/v1/monitors/${monitor.id}`, { key: account.key });
    expect(got.body.data.notify_email_status).toEqual([
      { email: 'ops@example.com', status: 'unsubscribed' },
      { email: 'cto@example.com', status: 'confirmed' },
    ]);
    // A confirmation link followed late does not undo the unsubscribe.
    const late = signEmailLink(
      world.harness.services.config.emailLinkSecret,
      'confirm',
      { monitorId: monitor.id, email: 'ops@example.com' },
      new Date(),
    );
    const again = await world.harness.call('GET', `${EMAIL_LINKS_PATH}/confirm?token=${late}`);
    expect(again.body.data.status).toBe('unsubscribed');
  });

  it('asks an address never asked (a monitor older than consent) at its next email, instead of sending it', async () => {
    const { account, monitor, change } = await setUp(['ops@example.com']);
    received.splice(0);
    await world.harness.services.db
      .delete(monitorEmailRecipients)
      .where(eq(monitorEmailRecipients.monitorId, monitor.id));
    const mails = await change();
    expect(mails).toHaveLength(1);
    expect(header(mails[0], 'Subject')).toContain('Confirm');
    expect(await change()).toEqual([]);
    const got = await world.harness.call('GET', `/api/v1/monitors/${monitor.id}`, { key: account.key });
    expect(got.body.data.notify_email_status).toEqual([{ email: 'ops@example.com', status: 'pending' }]);
  });

  it('the GET on the unsubscribe link in the body works too', async () => {
    const { account, monitor } = await setUp(['ops@example.com']);
    const [confirmation] = received.splice(0);
    const res = await fetch(linkIn(confirmation, 'unsubscribe'));
    expect(res.status).toBe(200);
    const got = await world.harness.call('GET', `/api/v1/monitors/${monitor.id}`, { key: account.key });
    expect(got.body.data.notify_email_status).toEqual([{ email: 'ops@example.com', status: 'unsubscribed' }]);
  });

  it('refuses a tampered, expired, mismatched or missing token with 400', async () => {
    const { monitor } = await setUp(['ops@example.com']);
    const [confirmation] = received.splice(0);
    const link = new URL(linkIn(confirmation, 'confirm'));
    const token = link.searchParams.get('token') ?? '';
    const secret = world.harness.services.config.emailLinkSecret;
    const [payload, mac] = token.split('.');
    const forged = Buffer.from(
      Buffer.from(payload, 'base64url').toString().replace('ops@example.com', 'cto@example.com'),
    ).toString('base64url');
    const expired = signEmailLink(
      secret,
      'confirm',
      { monitorId: monitor.id, email: 'ops@example.com' },
      new Date(Date.now() - 8 * 24 * 3600 * 1000),
    );
    const cases: Array<[string, string, RegExp]> = [
      ['confirm', `${forged}.${mac}`, /not one this service signed/],
      ['confirm', `${payload}.${mac.slice(0, -2)}AA`, /not one this service signed/],
      ['confirm', expired, /expired/],
      ['unsubscribe', token, /not a unsubscribe link/],
      ['confirm', '', /no token/],
      ['confirm', 'garbage', /malformed/],
    ];
    for (const [kind, bad, message] of cases) {
      const res = await world.harness.call(
        'GET',
        `${EMAIL_LINKS_PATH}/${kind}?token=${encodeURIComponent(bad)}`,
      );
      expect(res.status, `${kind} ${bad}`).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.message).toMatch(message);
    }
    const still = await world.harness.call(
      'GET',
      `${EMAIL_LINKS_PATH}/confirm?token=${encodeURIComponent(token)}`,
    );
    expect(still.body.data.status).toBe('confirmed');
  });
});
