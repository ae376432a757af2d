import { and, asc, desc, eq, getTableColumns, gt, lt } from 'drizzle-orm';
import { monitorChecks } from '../../db/schema/index.js';
import { ApiError } from '../../errors/api-error.js';
import { deliveriesOfCheck } from '../../webhooks/deliveries.js';
import type { PageQuery } from './input.js';
import { findMonitor, type MonitorCall } from './monitors.js';
import { type CheckView, checkView, decodeCursor, encodeCursor } from './views.js';

export interface CheckPage {
  data: CheckView[];
  next_cursor: string | null;
}

/** The check history, newest first, without pages (they are read with one check). */
export async function listChecks({
  ctx: { db, accountId },
  input: { monitorId, ...query },
}: MonitorCall<'db' | 'accountId', PageQuery & { monitorId: string }>): Promise<CheckPage> {
  await findMonitor(db, accountId, monitorId);
  const conditions = [eq(monitorChecks.monitorId, monitorId)];
  if (query.cursor) conditions.push(lt(monitorChecks.id, decodeCursor(query.cursor, 'chk')));
  const { pages: _pages, ...columns } = getTableColumns(monitorChecks);
  const rows = await db
    .select(columns)
    .from(monitorChecks)
    .where(and(...conditions))
    .orderBy(desc(monitorChecks.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    data: page.map((row) => checkView({ ...row, pages: [] }, {})),
    next_cursor: rows.length > query.limit ? encodeCursor(page[page.length - 1].id) : null,
  };
}

/** One check with its pages, its webhook deliveries and its neighbours in the history. */
export async function getCheck({
  ctx: { db, accountId },
  input: { monitorId, checkId },
}: MonitorCall<'db' | 'accountId', { monitorId: string; checkId: string }>): Promise<CheckView> {
  await findMonitor(db, accountId, monitorId);
  const [row] = await db
    .select()
    .from(monitorChecks)
    .where(and(eq(monitorChecks.id, checkId), eq(monitorChecks.monitorId, monitorId)));
  if (!row) throw new ApiError('NOT_FOUND', `No check with id ${checkId} on monitor ${monitorId}.`);
  // Ids sort by creation time, so the history index answers both neighbours.
  const neighbour = (newer: boolean) =>
    db
      .select({ id: monitorChecks.id })
      .from(monitorChecks)
      .where(
        and(
          eq(monitorChecks.monitorId, monitorId),
          newer ? gt(monitorChecks.id, checkId) : lt(monitorChecks.id, checkId),
        ),
      )
      .orderBy(newer ? asc(monitorChecks.id) : desc(monitorChecks.id))
      .limit(1);
  const [deliveries, [previous], [next]] = await Promise.all([
    deliveriesOfCheck(db, checkId),
    neighbour(false),
    neighbour(true),
  ]);
  return {
    ...checkView(row, { withPages: true, deliveries }),
    previous_check_id: previous?.id ?? null,
    next_check_id: next?.id ?? null,
  };
}
