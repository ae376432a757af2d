import type { z } from '@hono/zod-openapi';
import { and, count, eq, gte, isNotNull, lt, sql, sum } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { accounts, monitors, usageLog } from '../../db/schema/index.js';
import { ApiError } from '../../errors/api-error.js';
import { availableBalance } from '../../ledger/balance.js';
import { daysOf, type UsageRange } from './range.js';
import type { usageSchema } from './schemas.js';

/** The shapes /openapi.json documents, so the route and its description cannot drift apart. */
type Usage = z.infer<typeof usageSchema>;
type ToolUsage = Usage['tools'][number];

const DAY_MS = 86_400_000;

/**
 * One account's usage over a range, read from the usage log: one row per settled call (a failed
 * call is a call that charged 0). Grouped in SQL by UTC day and tool, so the answer is at most
 * days × tools rows whatever the volume; the account id in every clause keeps other accounts out.
 */
export async function readUsage(db: Database, accountId: string, range: UsageRange): Promise<Usage> {
  const day = sql<string>`to_char(${usageLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const inRange = and(
    eq(usageLog.accountId, accountId),
    gte(usageLog.createdAt, new Date(`${range.from}T00:00:00Z`)),
    lt(usageLog.createdAt, new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS)),
  );
  const [rows, perMonitor, [account]] = await Promise.all([
    db
      .select({ day, tool: usageLog.tool, credits: sum(usageLog.credits), calls: count() })
      .from(usageLog)
      .where(inRange)
      .groupBy(day, usageLog.tool)
      .orderBy(day, usageLog.tool),
    // A deleted monitor keeps its spend here, without a name.
    db
      .select({
        monitorId: sql<string>`${usageLog.monitorId}`,
        name: monitors.name,
        credits: sum(usageLog.credits),
        calls: count(),
      })
      .from(usageLog)
      .leftJoin(monitors, eq(monitors.id, usageLog.monitorId))
      .where(and(inRange, isNotNull(usageLog.monitorId)))
      .groupBy(usageLog.monitorId, monitors.name),
    db
      .select({ balance: availableBalance, plan: accounts.plan })
      .from(accounts)
      .where(eq(accounts.id, accountId)),
  ]);

  // Only a key cached for a few seconds after its account was deleted gets here without a row.
  if (!account) throw new ApiError('INVALID_API_KEY', 'The API key is not valid or has been revoked.');

  const byDay = new Map<string, ToolUsage[]>();
  const byTool = new Map<string, ToolUsage>();
  for (const row of rows) {
    const entry = { tool: row.tool, credits: Number(row.credits ?? 0), calls: Number(row.calls) };
    byDay.set(row.day, [...(byDay.get(row.day) ?? []), entry]);
    const total = byTool.get(row.tool) ?? { tool: row.tool, credits: 0, calls: 0 };
    total.credits += entry.credits;
    total.calls += entry.calls;
    byTool.set(row.tool, total);
  }
  const days = daysOf(range).map((date) => {
    const tools = byDay.get(date) ?? [];
    return { date, credits: sumOf(tools, 'credits'), calls: sumOf(tools, 'calls'), tools };
  });
  const tools = [...byTool.values()].sort((a, b) => b.credits - a.credits || a.tool.localeCompare(b.tool));
  const byMonitor = perMonitor
    .map((row) => ({
      monitor_id: row.monitorId,
      name: row.name,
      credits: Number(row.credits ?? 0),
      calls: Number(row.calls),
    }))
    .sort((a, b) => b.credits - a.credits || a.monitor_id.localeCompare(b.monitor_id));
  return {
    ...range,
    balance: account.balance,
    plan: account.plan,
    credits: sumOf(tools, 'credits'),
    calls: sumOf(tools, 'calls'),
    tools,
    days,
    by_monitor: byMonitor,
  };
}

function sumOf(list: ToolUsage[], field: 'credits' | 'calls'): number {
  return list.reduce((total, entry) => total + entry[field], 0);
}
