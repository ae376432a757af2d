import { eq, inArray } from 'drizzle-orm';
import { monitorChecks, monitors, webhookDeliveries } from '../../../lib/db/schema/index.js';
import { createMonitorSchema } from '../../../lib/monitors/api/input.js';
import { createMonitor } from '../../../lib/monitors/api/monitors.js';
import type { MonitorJob } from '../../../lib/monitors/queue/jobs.js';
import type { TestAccount } from '../../support/harness.js';
import type { MonitorWorld } from '../support.js';

/**
 * What the clock-driven cases share. They run in one file, one after another: a sweep claims
 * whatever is due before its clock in the whole database, so two files sweeping with clocks of their
 * own would take each other's monitors, checks and deliveries. Every monitor a case makes is
 * deleted after it (checks, deliveries and baselines go with it).
 */
export class ClockedContext {
  world!: MonitorWorld;
  private readonly created: string[] = [];

  async makeMonitor(account: TestAccount, input: Record<string, unknown>, at: Date) {
    const { db, config } = this.world.harness.services;
    const monitor = await createMonitor({
      ctx: { db, config, accountId: account.accountId, apiKeyId: account.keyId, now: at },
      input: createMonitorSchema.parse({ name: 'Swept', ...input }),
    });
    this.created.push(monitor.id);
    return monitor;
  }

  async cleanUp() {
    this.world.receiver.recover();
    if (this.created.length > 0) {
      await this.world.harness.services.db
        .delete(monitors)
        .where(inArray(monitors.id, this.created.splice(0)));
    }
  }

  async monitorRow(id: string) {
    const [row] = await this.world.harness.services.db.select().from(monitors).where(eq(monitors.id, id));
    return row;
  }

  checksOf(id: string) {
    return this.world.harness.services.db
      .select()
      .from(monitorChecks)
      .where(eq(monitorChecks.monitorId, id))
      .orderBy(monitorChecks.id);
  }

  deliveriesOf(monitorId: string) {
    return this.world.harness.services.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.monitorId, monitorId))
      .orderBy(webhookDeliveries.id);
  }
}

export function checkJobs(jobs: MonitorJob[], monitorId?: string) {
  return jobs.filter(
    (job): job is Extract<MonitorJob, { type: 'check' }> =>
      job.type === 'check' && (monitorId === undefined || job.monitor_id === monitorId),
  );
}
