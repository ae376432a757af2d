import type { CreateMonitorRequest, Monitor } from '../../../sdk/typescript/src/generated/types.js';
import type { FieldIssue } from './api.js';

/** The monitor form's fields as typed: strings until they are sent. */
export interface MonitorDraft {
  name: string;
  targets: Array<{ url: string; selector: string }>;
  schedule_cron: string;
  timezone: string;
  notify_emails: string;
  webhook_url: string;
  retention_days: string;
}

export function emptyDraft(): MonitorDraft {
  return {
    name: '',
    targets: [{ url: '', selector: '' }],
    schedule_cron: '0 * * * *',
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
    notify_emails: '',
    webhook_url: '',
    retention_days: '30',
  };
}

export function draftOf(monitor: Monitor): MonitorDraft {
  return {
    name: monitor.name,
    targets: monitor.targets.map((target) => ({ url: target.url, selector: target.selector ?? '' })),
    schedule_cron: monitor.schedule_cron,
    timezone: monitor.timezone,
    notify_emails: monitor.notify_emails.join(', '),
    webhook_url: monitor.webhook_url ?? '',
    retention_days: String(monitor.retention_days),
  };
}

/**
 * The request body: typed values as the API reads them, with no checks of our own, so what is
 * wrong is said by the API's validation, the same words a client of the API would get.
 */
export function requestOf(draft: MonitorDraft, editing: boolean): CreateMonitorRequest {
  const emails = draft.notify_emails.split(/[\s,;]+/).filter(Boolean);
  const retention = draft.retention_days.trim();
  return {
    name: draft.name.trim(),
    targets: draft.targets.map(({ url, selector }) => ({
      url: url.trim(),
      ...(selector.trim() ? { selector: selector.trim() } : {}),
    })),
    schedule_cron: draft.schedule_cron.trim(),
    timezone: draft.timezone.trim(),
    notify_emails: emails,
    ...(draft.webhook_url.trim()
      ? { webhook_url: draft.webhook_url.trim() }
      : editing
        ? { webhook_url: null }
        : {}),
    ...(retention ? { retention_days: Number(retention) } : {}),
  };
}

/** The form control each VALIDATION_ERROR detail belongs to; the rest are shown above the form. */
export function fieldErrors(details: FieldIssue[], draft: MonitorDraft) {
  const known = new Set([
    'name',
    'targets',
    'schedule_cron',
    'timezone',
    'notify_emails',
    'webhook_url',
    'retention_days',
  ]);
  draft.targets.forEach((_, index) => {
    known.add(`targets.${index}.url`);
    known.add(`targets.${index}.selector`);
  });
  const byField: Record<string, string> = {};
  const unplaced: FieldIssue[] = [];
  for (const detail of details) {
    const field = detail.field
      .replace(/^targets\.(\d+)$/, 'targets.$1.url')
      .replace(/^notify_emails\.\d+$/, 'notify_emails');
    if (!known.has(field)) unplaced.push(detail);
    else byField[field] = byField[field] ? `${byField[field]}; ${detail.message}` : detail.message;
  }
  return { byField, unplaced };
}

/** The id of the control a field's error is shown next to, for focusing the first one. */
export function controlId(field: string): string {
  return `monitor-${field.replaceAll('.', '-').replaceAll('_', '-')}`;
}
