import { When } from './when.js';

/**
 * A monitor's health in words, from what the API reports (`health`: per-target failure streaks
 * since when, with their error codes, or the last webhook delivery that gave up).
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

/** The API reports `health` on every monitor read; the dashboard shows it, and derives none of its own. */
export function healthOf(monitor: ReportedHealth): Health {
  const reported = monitor.health;
  if (!reported) return { level: 'unknown', words: 'not checked yet' };
  if (reported.status === 'webhook_failing') {
    return { level: 'webhook_failing', words: 'webhook failing: its last delivery gave up' };
  }
  if (reported.status === 'ok') return { level: 'ok', words: 'healthy' };
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
