import { and, eq, ne, sql } from 'drizzle-orm';
import type { Plan } from '../../auth/plans.js';
import type { Database } from '../../db/client.js';
import { accounts, monitors } from '../../db/schema/index.js';
import { ApiError } from '../../errors/api-error.js';

/**
 * How much an account may watch at once, per plan: active monitors and their targets together.
 * Creating monitors is free and failing targets are not charged, so without a cap an account at
 * zero credits could make the service fetch someone else's pages without end. Paused monitors do
 * not count. docs/decisions.md has the reasoning behind the numbers.
 */
export const MONITOR_CAPS: Record<Plan, { activeMonitors: number; activeTargets: number }> = {
  free: { activeMonitors: 3, activeTargets: 20 },
  hobby: { activeMonitors: 25, activeTargets: 200 },
  professional: { activeMonitors: 250, activeTargets: 2_500 },
  business: { activeMonitors: 1_000, activeTargets: 10_000 },
};

/** Refuses (403 MONITOR_LIMIT_REACHED) an active monitor with `targets` targets past the plan's caps. */
export async function enforcePlanCaps(
  db: Database,
  accountId: string,
  monitor: { id: string | null; targets: number },
): Promise<void> {
  const [account] = await db.select({ plan: accounts.plan }).from(accounts).where(eq(accounts.id, accountId));
  const caps = MONITOR_CAPS[(account?.plan ?? 'free') as Plan] ?? MONITOR_CAPS.free;
  const others = [eq(monitors.accountId, accountId), eq(monitors.status, 'active')];
  if (monitor.id) others.push(ne(monitors.id, monitor.id));
  const [usage] = await db
    .select({
      monitors: sql<number>`count(*)::int`,
      targets: sql<number>`coalesce(sum(jsonb_array_length(${monitors.targets})), 0)::int`,
    })
    .from(monitors)
    .where(and(...others));
  const plan = account?.plan ?? 'free';
  if (usage.monitors + 1 > caps.activeMonitors) {
    throw new ApiError(
      'MONITOR_LIMIT_REACHED',
      `The ${plan} plan runs at most ${caps.activeMonitors} active monitors; this account has ${usage.monitors}. Pause or delete one, or create this one with status "paused".`,
      {
        details: [
          { field: 'status', message: `at most ${caps.activeMonitors} active monitors on the ${plan} plan` },
        ],
      },
    );
  }
  if (usage.targets + monitor.targets > caps.activeTargets) {
    throw new ApiError(
      'MONITOR_LIMIT_REACHED',
      `The ${plan} plan watches at most ${caps.activeTargets} targets across active monitors; this account has ${usage.targets} and this monitor adds ${monitor.targets}.`,
      {
        details: [
          { field: 'targets', message: `at most ${caps.activeTargets} active targets on the ${plan} plan` },
        ],
      },
    );
  }
}
