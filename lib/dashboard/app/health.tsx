import type { Check } from '../../../sdk/typescript/src/generated/types.js';
import { When } from './when.js';

/**
 * What the monitor's own health says when the API reports it (`health`, per-target failure
 * streaks, the last webhook failure), else what its newest check shows: a monitor whose pages all
 * failed is not "active" in any sense a user cares about.
 */
export interface Health {
  level: 'ok' | 'failing' | 'webhook_failing' | 'unknown';
  words: string;
  since?: string | null;
}

interface ReportedHealth {
  health?: {
    status: 'ok' | 'failing' | 'webhook_failing';
    targets: Array<{
      url: string;
      consecutive_failures: number;
      failing_since: string | null;
      error_code: string | null;
    }>;
  } | null;
}

export function healthOf(monitor: { last_check?: Check } & ReportedHealth): Health {
  const check: Check = monitor.last_check ?? null;
  const reported = monitor.health;
  if (reported?.status === 'webhook_failing') {
    return { level: 'webhook_failing', words: 'webhook failing: its last delivery gave up' };
  }
  if (reported?.status === 'failing') {
    const failing = reported.targets.filter((target) => target.consecutive_failures > 0);
    const since = failing
      .map((target) => target.failing_since)
      .filter((at): at is string => Boolean(at))
      .sort()[0];
    const codes = [...new Set(failing.map((target) => target.error_code).filter(Boolean))].join(', ');
    const pages = reported.targets.length;
    const words =
      failing.length === pages
        ? `failing: all ${pages} ${pages === 1 ? 'page' : 'pages'}`
        : `failing: ${failing.length} of ${pages} pages`;
    return { level: 'failing', words: codes ? `${words} (${codes})` : words, since };
  }
  if (reported?.status === 'ok') return { level: 'ok', words: 'healthy' };
  if (!check) return { level: 'unknown', words: 'not checked yet' };
  const failed = check.summary.errored + check.summary.blocked;
  if (check.status === 'failed' || (check.summary.total > 0 && failed > 0)) {
    return { level: 'failing', words: failingWords(check), since: check.started_at };
  }
  if (check.status === 'insufficient_credits') {
    return { level: 'failing', words: 'not checked: too few credits', since: check.started_at };
  }
  return { level: 'ok', words: 'healthy' };
}

function failingWords(check: Check): string {
  if (!check) return 'failing';
  const failed = check.summary.errored + check.summary.blocked;
  if (check.summary.total === 0) return 'failing';
  return failed === check.summary.total
    ? `failing: all ${check.summary.total} ${check.summary.total === 1 ? 'page' : 'pages'}`
    : `failing: ${failed} of ${check.summary.total} pages`;
}

export function HealthBadge({ health }: { health: Health }) {
  return (
    <span class={`badge badge-health-${health.level}`}>
      {health.words}
      {health.since && health.level !== 'ok' ? (
        <>
          {' '}
          since <When iso={health.since} />
        </>
      ) : null}
    </span>
  );
}
