import { logger } from '../../logger.js';
import type { Email } from '../../notify/mailer.js';
import type { NewEvent } from '../../webhooks/deliveries.js';
import {
  checkCompletedEvent,
  pageEvent,
  type TargetAlertData,
  targetAlertEvent,
} from '../../webhooks/payloads.js';
import { checkView } from '../api/views.js';
import type { CheckedPage } from '../check/check-pages.js';
import type { CheckRow, MonitorRow } from '../check/check-rows.js';
import type { CheckRuntime } from '../check/check-runtime.js';
import { confirmedRecipients, enrollRecipients, withUnsubscribe } from '../recipients/recipients.js';
import { targetAlertEmail } from './alert-email.js';
import { changeEmail, notableResults } from './change-email.js';

/**
 * Webhooks and email for a check that reached its end. Their failures never change the check:
 * deliveries carry their own log and retries; a failed email is logged. A monitor with
 * `alert_after_failures` hears about failing targets through the failing and recovered alerts, not
 * in the change email at the first failure.
 */
export async function notifyCheck(
  rt: CheckRuntime,
  monitor: MonitorRow,
  check: CheckRow,
  pages: CheckedPage[],
): Promise<void> {
  const at = check.finishedAt ?? rt.now();
  // A change a model judged irrelevant to the monitor's goal is recorded, not announced.
  const told = pages.filter((page) => page.result.relevant !== false);
  const alerts = pages.flatMap((page) => (page.alert ? [{ kind: page.alert, data: alertData(page) }] : []));
  if (monitor.webhookUrl) {
    try {
      const events: NewEvent[] = [
        ...told.map((page) => ({
          event: 'monitor.page' as const,
          payload: pageEvent(monitor, check.id, page.result, at),
        })),
        ...alerts.map((alert) => {
          const event = `monitor.target.${alert.kind}` as const;
          return { event, payload: targetAlertEvent(event, monitor, check.id, alert.data, at) };
        }),
        {
          event: 'monitor.check.completed' as const,
          payload: checkCompletedEvent(monitor, checkView(check, {}), at),
        },
      ];
      await rt.deliver(check, monitor.webhookUrl, events);
    } catch (error) {
      logger.error('webhook deliveries failed', { checkId: check.id, error: String(error) });
    }
  }
  const previous = new Map(told.map((page) => [page.result, page.previousStatus]));
  const notable = notableResults(
    told.map((page) => page.result),
    (page) => previous.get(page) ?? null,
  );
  if (monitor.alertAfterFailures !== null) notable.failing = [];
  const emails = [
    changeEmail(monitor, { id: check.id, finishedAt: at }, notable),
    ...alerts.map((alert) => targetAlertEmail(monitor, alert.kind, alert.data)),
  ].filter((email): email is Email => email !== null);
  if (emails.length === 0) return;
  // Only confirmed addresses hear anything; each gets its own copy with its own unsubscribe link.
  // An address never asked (a monitor older than consent) gets its confirmation now instead.
  const links = { db: rt.services.db, config: rt.services.config, mailer: rt.mailer, now: rt.now() };
  const recipients = await enrollRecipients(links, monitor)
    .then(() => confirmedRecipients(rt.services.db, monitor))
    .catch((error) => {
      logger.error('monitor email recipients unreadable', { checkId: check.id, error: String(error) });
      return [];
    });
  for (const email of emails) {
    for (const to of recipients) {
      await rt.mailer
        .send(withUnsubscribe(links, monitor.id, to, email))
        .catch((error) => logger.error('monitor email failed', { checkId: check.id, error: String(error) }));
    }
  }
}

function alertData(page: CheckedPage): TargetAlertData {
  const streak = page.alert === 'failing' ? page.failures : null;
  return {
    target: { url: page.result.url, selector: page.result.selector },
    consecutive_failures: streak?.streak ?? 0,
    failing_since: streak?.since?.toISOString() ?? null,
    error_code: page.alert === 'failing' ? page.result.error_code : null,
    error: page.alert === 'failing' ? page.result.error : null,
  };
}
