import { Cron } from 'croner';
import type { FieldIssue } from './api.js';
import type { MonitorDraft } from './monitor-draft.js';

/**
 * What the browser can tell before the form is sent, in the words a person reads: the same rules
 * the API applies (it stays the judge; this only saves a round trip and says it next to the field).
 * The schedule is read with croner, the library the service schedules with, in the same mode.
 */

const MIN_GAP_MS = 5 * 60_000;
const DAY_MS = 86_400_000;
/** Runs looked at for the 5-minute rule: enough for every hourly and daily pattern. */
const RUNS_CHECKED = 500;
const CREDITS_PER_PAGE = 3;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function cronOf(pattern: string, timezone: string): Cron {
  return new Cron(pattern, { mode: '5-part', domAndDow: false, paused: true, timezone });
}

export function validateDraft(draft: MonitorDraft): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const name = draft.name.trim();
  if (!name) issues.push({ field: 'name', message: 'Give the monitor a name.' });
  else if (name.length > 80)
    issues.push({ field: 'name', message: `Use at most 80 characters (now ${name.length}).` });

  draft.targets.forEach((target, index) => {
    const problem = urlProblem(target.url.trim());
    if (problem) issues.push({ field: `targets.${index}.url`, message: problem });
  });

  const zoneOk = isTimeZone(draft.timezone.trim());
  if (!zoneOk) {
    issues.push({
      field: 'timezone',
      message: `“${draft.timezone.trim()}” is not a time zone; pick one from the list, such as Europe/Paris.`,
    });
  }
  const schedule = scheduleProblem(draft.schedule_cron.trim(), zoneOk ? draft.timezone.trim() : 'UTC');
  if (schedule) issues.push({ field: 'schedule_cron', message: schedule });

  const emails = draft.notify_emails.split(/[\s,;]+/).filter(Boolean);
  const badEmails = emails.filter((email) => !EMAIL.test(email));
  if (badEmails.length) {
    issues.push({ field: 'notify_emails', message: `Not an email address: ${badEmails.join(', ')}.` });
  } else if (emails.length > 5) {
    issues.push({ field: 'notify_emails', message: `At most 5 addresses (now ${emails.length}).` });
  }

  const webhook = draft.webhook_url.trim();
  if (webhook) {
    const problem = urlProblem(webhook);
    if (problem) issues.push({ field: 'webhook_url', message: problem });
    else if (!webhook.startsWith('https://')) {
      issues.push({ field: 'webhook_url', message: 'Webhooks are sent to https URLs only.' });
    }
  }

  const retention = draft.retention_days.trim();
  if (
    retention &&
    !(Number.isInteger(Number(retention)) && Number(retention) >= 1 && Number(retention) <= 365)
  ) {
    issues.push({
      field: 'retention_days',
      message: 'Keep checks for a whole number of days from 1 to 365.',
    });
  }
  return issues;
}

function urlProblem(value: string): string | null {
  if (!value) return 'Enter the page’s address, starting with https://.';
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return `Only web addresses (http or https) can be watched, not ${url.protocol}.`;
    }
    return null;
  } catch {
    return `“${value}” is not a full address; it starts with https://.`;
  }
}

function isTimeZone(zone: string): boolean {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function scheduleProblem(pattern: string, timezone: string): string | null {
  let cron: Cron;
  try {
    cron = cronOf(pattern, timezone);
  } catch {
    return `“${pattern}” is not a schedule: five fields, minute hour day-of-month month day-of-week (e.g. 0 9 * * 1-5).`;
  }
  const runs = cron.nextRuns(RUNS_CHECKED);
  if (runs.length === 0) return `“${pattern}” never runs: no date matches it.`;
  for (let i = 1; i < runs.length; i += 1) {
    const gap = (runs[i] as Date).getTime() - (runs[i - 1] as Date).getTime();
    if (gap < MIN_GAP_MS) {
      return `Runs must be at least 5 minutes apart; this schedule runs ${Math.round(gap / 60_000)} minute${gap < 120_000 ? '' : 's'} apart.`;
    }
  }
  return null;
}

/**
 * The API's estimate for a schedule: runs in the next 30 days × pages × 3 credits. Null while the
 * schedule or the zone cannot be read.
 */
export function estimateCreditsPerMonth(draft: MonitorDraft, now = Date.now()): number | null {
  const timezone = draft.timezone.trim();
  if (!isTimeZone(timezone)) return null;
  let cron: Cron;
  try {
    cron = cronOf(draft.schedule_cron.trim(), timezone);
  } catch {
    return null;
  }
  const until = now + 30 * DAY_MS;
  let runs = 0;
  let next = cron.nextRun(new Date(now));
  while (next && next.getTime() <= until && runs < 50_000) {
    runs += 1;
    next = cron.nextRun(next);
  }
  return runs * draft.targets.length * CREDITS_PER_PAGE;
}
