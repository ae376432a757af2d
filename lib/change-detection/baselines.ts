import { createHash } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { pageBaselines } from '../db/schema/index.js';
import type { Capture } from './capture.js';
import type { Baseline } from './compare.js';
import { encodeSketch } from './similarity.js';

/**
 * The previous capture of each target. A monitor's baselines are kept until the monitor is
 * deleted (retention prunes checks, never these); the track_changes tool keeps one per account and
 * target (monitor id null). The key hashes owner, scope and target so one index serves both.
 */

export interface TargetRef {
  url: string;
  selector?: string;
}

/** A target's failing streak, kept beside its baseline (the tool's baselines keep the zero streak). */
export interface FailureStreak {
  streak: number;
  since: Date | null;
  code: string | null;
  /** The streak's failing event went out. */
  alerted: boolean;
  /** Backoff: the target is not fetched before this. */
  nextFetchAt: Date | null;
}

export const NO_FAILURES: FailureStreak = {
  streak: 0,
  since: null,
  code: null,
  alerted: false,
  nextFetchAt: null,
};

export interface StoredBaseline extends Baseline {
  key: string;
  lastStatus: string | null;
  capturedAt: Date | null;
  failures: FailureStreak;
}

export function baselineKey(accountId: string, monitorId: string | null, target: TargetRef): string {
  return createHash('sha256')
    .update(`${accountId}\n${monitorId ?? 'tool'}\n${target.url}\n${target.selector ?? ''}`)
    .digest('base64url');
}

export async function readBaselines(db: Database, keys: string[]): Promise<Map<string, StoredBaseline>> {
  const found = new Map<string, StoredBaseline>();
  if (keys.length === 0) return found;
  const rows = await db
    .select({
      key: pageBaselines.key,
      contentHash: pageBaselines.contentHash,
      content: pageBaselines.content,
      structure: pageBaselines.structure,
      lastStatus: pageBaselines.lastStatus,
      capturedAt: pageBaselines.capturedAt,
      streak: pageBaselines.failureStreak,
      since: pageBaselines.failingSince,
      code: pageBaselines.failureCode,
      alerted: pageBaselines.failingAlerted,
      nextFetchAt: pageBaselines.nextFetchAt,
    })
    .from(pageBaselines)
    .where(inArray(pageBaselines.key, keys));
  for (const { streak, since, code, alerted, nextFetchAt, ...row } of rows) {
    found.set(row.key, { ...row, failures: { streak, since, code, alerted, nextFetchAt } });
  }
  return found;
}

export interface BaselineWrite {
  key: string;
  accountId: string;
  monitorId: string | null;
  target: TargetRef;
  /** The status this check gave the target. */
  status: string;
  /** Present when the baseline rolls forward (`new` or `changed`). */
  capture?: Capture;
  /** The target's streak after this check (a monitor's; the tool's stays at zero). */
  failures?: FailureStreak;
  at: Date;
}

/**
 * Rolls baselines forward in one statement: a new or changed capture replaces the content; every
 * target records its latest status (what tells "starts failing" from "still failing").
 */
export async function writeBaselines(db: Database, writes: BaselineWrite[]): Promise<void> {
  if (writes.length === 0) return;
  await db
    .insert(pageBaselines)
    .values(
      writes.map((write) => ({
        key: write.key,
        accountId: write.accountId,
        monitorId: write.monitorId,
        url: write.target.url,
        selector: write.target.selector ?? null,
        contentHash: write.capture?.contentHash ?? null,
        content: write.capture ? write.capture.lines.join('\n') : null,
        structure: write.capture ? encodeSketch(write.capture.structure) : null,
        lastStatus: write.status,
        failureStreak: write.failures?.streak ?? 0,
        failingSince: write.failures?.since ?? null,
        failureCode: write.failures?.code ?? null,
        failingAlerted: write.failures?.alerted ?? false,
        nextFetchAt: write.failures?.nextFetchAt ?? null,
        capturedAt: write.capture ? write.at : null,
        updatedAt: write.at,
      })),
    )
    .onConflictDoUpdate({
      target: pageBaselines.key,
      set: {
        contentHash: sql`CASE WHEN excluded.content_hash IS NULL THEN ${pageBaselines.contentHash} ELSE excluded.content_hash END`,
        content: sql`CASE WHEN excluded.content_hash IS NULL THEN ${pageBaselines.content} ELSE excluded.content END`,
        structure: sql`CASE WHEN excluded.content_hash IS NULL THEN ${pageBaselines.structure} ELSE excluded.structure END`,
        capturedAt: sql`CASE WHEN excluded.content_hash IS NULL THEN ${pageBaselines.capturedAt} ELSE excluded.captured_at END`,
        lastStatus: sql`excluded.last_status`,
        failureStreak: sql`excluded.failure_streak`,
        failingSince: sql`excluded.failing_since`,
        failureCode: sql`excluded.failure_code`,
        failingAlerted: sql`excluded.failing_alerted`,
        nextFetchAt: sql`excluded.next_fetch_at`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}
