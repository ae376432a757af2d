import { logger } from '../../logger.js';
import { checkCompletedEvent, pageEvent } from '../../webhooks/payloads.js';
import { checkView } from '../api/views.js';
import type { CheckedPage } from '../check/check-pages.js';
import type { CheckRow, MonitorRow } from '../check/check-rows.js';
import type { CheckRuntime } from '../check/check-runtime.js';
import { changeEmail, notableResults } from './change-email.js';

/**
 * Webhooks and email for a check that reached its end. Their failures never change the check:
 * deliveries carry their own log and retries; a failed email is logged.
 */
export async function notifyCheck(
  rt: CheckRuntime,
  monitor: MonitorRow,
  check: CheckRow,
  pages: CheckedPage[],
): Promise<void> {
  const at = check.finishedAt ?? rt.now();
  if (monitor.webhookUrl) {
    try {
      const events = [
        ...pages.map((page) => ({
          event: 'monitor.page' as const,
          payload: pageEvent(monitor, check.id, page.result, at),
        })),
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
  const previous = new Map(pages.map((page) => [page.result, page.previousStatus]));
  const email = changeEmail(
    monitor,
    { id: check.id, finishedAt: at },
    notableResults(
      pages.map((page) => page.result),
      (page) => previous.get(page) ?? null,
    ),
  );
  if (email) {
    await rt.mailer
      .send(email)
      .catch((error) => logger.error('monitor email failed', { checkId: check.id, error: String(error) }));
  }
}
