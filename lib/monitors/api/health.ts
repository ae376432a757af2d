import { inArray, sql } from 'drizzle-orm';
import { baselineKey } from '../../change-detection/baselines.js';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { type monitors, pageBaselines } from '../../db/schema/index.js';
import type { MonitorHealth } from './views.js';

type MonitorRow = typeof monitors.$inferSelect;

/**
 * The `health` of monitors, for every read: each target's failing streak (from its baseline row)
 * and whether the newest settled webhook delivery gave up. A target is in a failing streak from its
 * `alert_after_failures`-th failure in a row (its first when the monitor has no threshold). Two
 * indexed queries for a whole page of monitors.
 */
export async function healthOf(db: Database, rows: MonitorRow[]): Promise<Map<string, MonitorHealth>> {
  const health = new Map<string, MonitorHealth>();
  if (rows.length === 0) return health;
  const ids = rows.map((row) => row.id);
  const [streaks, deliveries] = await Promise.all([
    db
      .select({
        key: pageBaselines.key,
        streak: pageBaselines.failureStreak,
        since: pageBaselines.failingSince,
        code: pageBaselines.failureCode,
      })
      .from(pageBaselines)
      .where(inArray(pageBaselines.monitorId, ids)),
    db.execute(sql`
      SELECT DISTINCT ON (monitor_id) monitor_id, status FROM webhook_deliveries
      WHERE monitor_id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) AND status IN ('delivered', 'failed')
      ORDER BY monitor_id, id DESC`),
  ]);
  const byKey = new Map(streaks.map((row) => [row.key, row]));
  const webhookGaveUp = new Set(
    rowsOf<{ monitor_id: string; status: string }>(deliveries)
      .filter((row) => row.status === 'failed')
      .map((row) => row.monitor_id),
  );
  for (const row of rows) {
    const targets = row.targets.map((target) => {
      const streak = byKey.get(baselineKey(row.accountId, row.id, target));
      return {
        url: target.url,
        selector: target.selector ?? null,
        consecutive_failures: streak?.streak ?? 0,
        failing_since: streak?.since?.toISOString() ?? null,
        error_code: streak?.streak ? streak.code : null,
      };
    });
    const threshold = row.alertAfterFailures ?? 1;
    const failing = targets.some((target) => target.consecutive_failures >= threshold);
    health.set(row.id, {
      status: failing ? 'failing' : webhookGaveUp.has(row.id) ? 'webhook_failing' : 'ok',
      targets,
    });
  }
  return health;
}
