import { and, asc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { browserSessions } from '../../db/schema/index.js';

/**
 * The Postgres side of the host's sessions: one row per session or stealth context, written when it
 * opens, touched by every operation, closed once. Times come from the host's clock, never the
 * database's, so a test clock moves both the pages and the rows.
 */

export type SessionKind = 'session' | 'context';
export type CloseReason = 'closed' | 'ttl' | 'idle' | 'cleanup' | 'host_restart';

export interface SessionRecord {
  id: string;
  accountId: string;
  apiKeyId: string;
  kind: SessionKind;
  hostId: string;
  url: string | null;
  engine: string;
  stealth: boolean;
  ttlSeconds: number;
  activityTtlSeconds: number;
  expiresAt: Date;
  idleExpiresAt: Date;
  lastActivityAt: Date;
  createdAt: Date;
}

export async function registerSession(db: Database, record: SessionRecord): Promise<void> {
  await db.insert(browserSessions).values({ ...record, status: 'live' });
}

/** An operation ran: the idle clock restarts and the current URL is what the page shows now. */
export async function touchSession(
  db: Database,
  id: string,
  update: { url: string | null; lastActivityAt: Date; idleExpiresAt: Date },
): Promise<void> {
  await db
    .update(browserSessions)
    .set(update)
    .where(and(eq(browserSessions.id, id), eq(browserSessions.status, 'live')));
}

/** Closes a live row once; a second close (a race with expiry) changes nothing. */
export async function closeSessionRecord(
  db: Database,
  id: string,
  reason: CloseReason,
  at: Date,
): Promise<void> {
  await db
    .update(browserSessions)
    .set({ status: 'closed', closeReason: reason, closedAt: at })
    .where(and(eq(browserSessions.id, id), eq(browserSessions.status, 'live')));
}

/** A host that starts holds no page: whatever its previous life left marked live is gone. */
export async function closeHostSessions(db: Database, hostId: string, at: Date): Promise<void> {
  await db
    .update(browserSessions)
    .set({ status: 'closed', closeReason: 'host_restart', closedAt: at })
    .where(and(eq(browserSessions.hostId, hostId), eq(browserSessions.status, 'live')));
}

/** The account's live sessions (or contexts) whose both clocks are still running at `now`, oldest first. */
export async function listLiveSessions(
  db: Database,
  accountId: string,
  kind: SessionKind,
  now: Date,
): Promise<SessionRecord[]> {
  const rows = await db
    .select()
    .from(browserSessions)
    .where(
      and(
        eq(browserSessions.accountId, accountId),
        eq(browserSessions.kind, kind),
        eq(browserSessions.status, 'live'),
        gt(browserSessions.expiresAt, now),
        gt(browserSessions.idleExpiresAt, now),
      ),
    )
    .orderBy(asc(browserSessions.createdAt), asc(browserSessions.id));
  return rows.map((row) => ({
    id: row.id,
    accountId: row.accountId,
    apiKeyId: row.apiKeyId,
    kind: row.kind as SessionKind,
    hostId: row.hostId,
    url: row.url,
    engine: row.engine,
    stealth: row.stealth,
    ttlSeconds: row.ttlSeconds,
    activityTtlSeconds: row.activityTtlSeconds,
    expiresAt: row.expiresAt,
    idleExpiresAt: row.idleExpiresAt,
    lastActivityAt: row.lastActivityAt,
    createdAt: row.createdAt,
  }));
}
