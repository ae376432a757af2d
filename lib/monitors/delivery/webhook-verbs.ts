import { and, eq } from 'drizzle-orm';
import { webhookDeliveries } from '../../db/schema/index.js';
import { ApiError, validationError } from '../../errors/api-error.js';
import { newId } from '../../ids.js';
import { deliverNow, type EventName, recordDeliveries } from '../../webhooks/deliveries.js';
import { sendDelivery } from '../../webhooks/send.js';
import { findMonitor, type MonitorCall } from '../api/monitors.js';
import { type DeliveryView, deliveryView } from '../api/views.js';
import type { CheckRuntime } from '../check/check-runtime.js';

/**
 * Webhooks a user can test and replay, both free: a signed `monitor.test` event sent now (one
 * attempt, answered with its outcome, not logged on any check), and the redelivery of a logged
 * delivery (the same body under a new `webhook-id` and timestamp, logged on its check as a new
 * delivery with the usual retries).
 */

export interface TestDelivery {
  id: string;
  event: 'monitor.test';
  url: string;
  status: 'delivered' | 'failed';
  http_status: number | null;
  error: string | null;
  duration_ms: number;
  attempted_at: string;
}

function webhookOf(monitor: { webhookUrl: string | null; webhookSecret: string | null }) {
  if (!monitor.webhookUrl || !monitor.webhookSecret) {
    throw validationError('This monitor has no webhook_url: set one first.', [
      { field: 'webhook_url', message: 'the monitor has no webhook' },
    ]);
  }
  return { url: monitor.webhookUrl, secret: monitor.webhookSecret };
}

export async function testWebhook({
  ctx,
  input,
}: MonitorCall<'db' | 'accountId' | 'now', { id: string; rt: CheckRuntime }>): Promise<TestDelivery> {
  const monitor = await findMonitor(ctx.db, ctx.accountId, input.id);
  const { url, secret } = webhookOf(monitor);
  const id = newId('msg');
  const payload = JSON.stringify({
    type: 'monitor.test',
    timestamp: ctx.now.toISOString(),
    data: {
      monitor_id: monitor.id,
      monitor_name: monitor.name,
      message: 'A test event: your endpoint is reachable.',
    },
  });
  const started = performance.now();
  const result = await sendDelivery({ config: input.rt.services.config }, { id, url, payload }, secret);
  return {
    id,
    event: 'monitor.test',
    url,
    status: result.delivered ? 'delivered' : 'failed',
    http_status: result.httpStatus,
    error: result.error,
    duration_ms: Math.round(performance.now() - started),
    attempted_at: ctx.now.toISOString(),
  };
}

export async function redeliver({
  ctx,
  input,
}: MonitorCall<
  'db' | 'accountId',
  { id: string; checkId: string; deliveryId: string; rt: CheckRuntime }
>): Promise<DeliveryView> {
  const monitor = await findMonitor(ctx.db, ctx.accountId, input.id);
  const [original] = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.id, input.deliveryId),
        eq(webhookDeliveries.checkId, input.checkId),
        eq(webhookDeliveries.monitorId, monitor.id),
      ),
    );
  if (!original) {
    throw new ApiError('NOT_FOUND', `No delivery with id ${input.deliveryId} on check ${input.checkId}.`);
  }
  const { url } = webhookOf(monitor);
  const { rt } = input;
  const [copy] = await recordDeliveries(
    ctx.db,
    { checkId: original.checkId, monitorId: monitor.id, accountId: monitor.accountId, url },
    [{ event: original.event as EventName, payload: original.payload }],
    rt.now(),
  );
  const deliveryRuntime = { db: ctx.db, send: { config: rt.services.config }, now: () => rt.now() };
  await deliverNow(deliveryRuntime, [copy.id], 0, undefined, rt.retryLater);
  const [row] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, copy.id));
  return deliveryView(row ?? copy);
}
