import type { Email } from '../../notify/mailer.js';
import type { TargetAlertData } from '../../webhooks/payloads.js';

/** The email twin of `monitor.target.failing` / `monitor.target.recovered`: one per event. */
export function targetAlertEmail(
  monitor: { id: string; name: string; notifyEmails: string[] },
  kind: 'failing' | 'recovered',
  alert: TargetAlertData,
): Email | null {
  if (monitor.notifyEmails.length === 0) return null;
  const label = alert.target.selector ? `${alert.target.url} (${alert.target.selector})` : alert.target.url;
  const lines =
    kind === 'failing'
      ? [
          `Monitor "${monitor.name}" (${monitor.id}): ${label} has failed ${alert.consecutive_failures} checks in a row since ${alert.failing_since}.`,
          `Last error: ${alert.error_code ?? 'unknown'}${alert.error ? `: ${alert.error}` : ''}`,
          '',
          'You will hear once more when it recovers.',
        ]
      : [`Monitor "${monitor.name}" (${monitor.id}): ${label} answers again.`];
  return {
    to: monitor.notifyEmails,
    subject: `[${monitor.name}] ${kind === 'failing' ? 'target failing' : 'target recovered'}: ${label}`,
    text: lines.join('\n'),
  };
}
