import { creditsPerTarget } from '../../change-detection/pricing.js';
import type { Config } from '../../env.js';
import { type FieldIssue, validationError } from '../../errors/api-error.js';
import { webhookSecretProblem } from '../../webhooks/signing.js';
import { describeSchedule, ScheduleError, type ScheduleFacts } from '../schedule/schedule.js';
import { publicUrlProblem } from './public-url.js';

export type RulesConfig = Pick<Config, 'fetchHostMap' | 'optOutHosts' | 'NODE_ENV'>;

export interface MonitorShape {
  targets: Array<{ url: string; selector?: string }>;
  schedule_cron: string;
  timezone: string;
  webhook_url: string | null;
  webhook_secret: string | null;
}

/**
 * The rules of docs/reference/monitors.md#a-monitor that need more than the request's own shape: where the URLs lead, what the
 * schedule does over the coming months, whether the secret can sign. Every problem is reported at
 * once, each on its field, as one 400. Returns the schedule's facts for the row.
 */
export async function enforceMonitorRules(
  config: RulesConfig,
  shape: MonitorShape,
  now: Date,
  changed: { targets: boolean; webhook: boolean; secret: boolean } = {
    targets: true,
    webhook: true,
    secret: true,
  },
): Promise<ScheduleFacts> {
  const schedule = scheduleIssues(shape.schedule_cron, shape.timezone, now);
  const issues: FieldIssue[] = [...schedule.issues];
  const facts = schedule.facts;
  const checks: Array<Promise<void>> = [];
  if (changed.targets) {
    shape.targets.forEach((target, index) => {
      checks.push(
        publicUrlProblem(target.url, config).then((problem) => {
          if (problem) issues.push({ field: `targets.${index}.url`, message: problem });
        }),
      );
    });
  }
  if (changed.webhook && shape.webhook_url) {
    checks.push(
      publicUrlProblem(shape.webhook_url, config, { httpsOnly: true }).then((problem) => {
        if (problem) issues.push({ field: 'webhook_url', message: problem });
      }),
    );
  }
  await Promise.all(checks);
  if (changed.secret && shape.webhook_secret) {
    const problem = webhookSecretProblem(shape.webhook_secret);
    if (problem) issues.push({ field: 'webhook_secret', message: problem });
  }
  if (issues.length > 0 || !facts) {
    issues.sort((a, b) => a.field.localeCompare(b.field));
    const summary = issues.map((issue) => `${issue.field}: ${issue.message}`).join('; ');
    throw validationError(`Invalid parameters: ${summary}`, issues);
  }
  return facts;
}

/**
 * The schedule's facts, or what is wrong with it. A zone that does not exist leaves the cron still
 * judged (in UTC), so both fields are named in one answer when both are wrong.
 */
export function scheduleIssues(
  cron: string,
  timezone: string,
  now: Date,
): { facts: ScheduleFacts | null; issues: FieldIssue[] } {
  try {
    return { facts: describeSchedule(cron, timezone, now), issues: [] };
  } catch (error) {
    if (!(error instanceof ScheduleError)) throw error;
    const issues: FieldIssue[] = [{ field: error.field, message: error.message }];
    if (error.field === 'timezone') {
      try {
        describeSchedule(cron, 'UTC', now);
      } catch (cronError) {
        if (!(cronError instanceof ScheduleError)) throw cronError;
        issues.push({ field: cronError.field, message: cronError.message });
      }
    }
    return { facts: null, issues };
  }
}

export function estimatedCreditsPerMonth(
  facts: ScheduleFacts,
  targets: number,
  goal: string | null = null,
): number {
  return facts.runsInNext30Days * targets * creditsPerTarget({ goal });
}
