import type { Page } from 'playwright-core';
import type { Database } from '../../db/client.js';
import { ApiError } from '../../errors/api-error.js';
import { logger } from '../../logger.js';
import type { EngineName } from '../launch/browser-instance.js';
import type { CapturedScreenshot } from '../page/screenshot.js';
import type { RefStore } from '../page/snapshot.js';
import type { PlannedContext } from '../render/contexts.js';
import type { StealthConfig } from '../stealth/stealth-config.js';
import type { Clock } from './clock.js';
import {
  type CloseReason,
  closeSessionRecord,
  registerSession,
  type SessionKind,
  touchSession,
} from './session-registry.js';

/**
 * What the host holds in memory: one entry per live session or stealth context, keyed by id, with
 * its two clocks. The table owns the rules every operation shares: an id answers only its own
 * account and only while both clocks run ('Session not found' otherwise, the same for every case),
 * one operation at a time per entry, and each operation restarts the idle clock.
 */

export interface LiveEntry {
  id: string;
  kind: SessionKind;
  accountId: string;
  engine: EngineName;
  stealth: boolean;
  planned: PlannedContext;
  /** A session's one page; contexts open a page per create_page. */
  page: Page | null;
  refs: RefStore;
  ttlMs: number;
  activityTtlMs: number;
  createdAt: number;
  expiresAt: number;
  idleExpiresAt: number;
  screenshots: Map<string, CapturedScreenshot>;
  config: StealthConfig | null;
  proxy: string | null;
  queue: Promise<unknown>;
  closed: boolean;
}

export interface Limits {
  maxSessions: number;
  maxSessionsPerAccount: number;
}

/** How many screenshots a session keeps for the MCP server to read: the newest few. */
const KEPT_SCREENSHOTS = 5;

export function notFound(kind: SessionKind): ApiError {
  return kind === 'session'
    ? new ApiError('SESSION_NOT_FOUND', 'Session not found')
    : new ApiError('SESSION_NOT_FOUND', 'Context not found');
}

export class EntryTable {
  private readonly entries = new Map<string, LiveEntry>();
  private readonly reserved = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly limits: Limits,
    private readonly hostId: string,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** Takes a slot for an entry about to open, or refuses: the host is full (503) or the account is (429). */
  reserve(accountId: string): () => void {
    const pending = [...this.reserved.values()].reduce((sum, count) => sum + count, 0);
    if (this.entries.size + pending >= this.limits.maxSessions) {
      throw new ApiError('TOOL_NOT_AVAILABLE', 'The browser host is at capacity; retry shortly', {
        headers: { 'Retry-After': '30' },
      });
    }
    const mine = this.ofAccount(accountId).length + (this.reserved.get(accountId) ?? 0);
    if (mine >= this.limits.maxSessionsPerAccount) {
      throw new ApiError(
        'SESSION_LIMIT_REACHED',
        `At most ${this.limits.maxSessionsPerAccount} live browser sessions and contexts per account; close one first`,
      );
    }
    this.reserved.set(accountId, (this.reserved.get(accountId) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.reserved.get(accountId) ?? 1) - 1;
      if (left <= 0) this.reserved.delete(accountId);
      else this.reserved.set(accountId, left);
    };
  }

  async add(entry: LiveEntry, apiKeyId: string, url: string | null): Promise<void> {
    this.entries.set(entry.id, entry);
    await registerSession(this.db, {
      id: entry.id,
      accountId: entry.accountId,
      apiKeyId,
      kind: entry.kind,
      hostId: this.hostId,
      url,
      engine: entry.engine,
      stealth: entry.stealth,
      ttlSeconds: Math.round(entry.ttlMs / 1000),
      activityTtlSeconds: Math.round(entry.activityTtlMs / 1000),
      expiresAt: new Date(entry.expiresAt),
      idleExpiresAt: new Date(entry.idleExpiresAt),
      lastActivityAt: new Date(entry.createdAt),
      createdAt: new Date(entry.createdAt),
    });
  }

  ofAccount(accountId: string, kind?: SessionKind): LiveEntry[] {
    return [...this.entries.values()].filter(
      (entry) => entry.accountId === accountId && (kind === undefined || entry.kind === kind),
    );
  }

  /** The caller's live entry, or 'not found' for unknown, closed, expired and other accounts' ids alike. */
  async find(accountId: string, id: string, kind: SessionKind): Promise<LiveEntry> {
    const entry = this.entries.get(id);
    if (!entry || entry.kind !== kind || entry.accountId !== accountId) throw notFound(kind);
    const expiry = this.expiryOf(entry);
    if (expiry) {
      await this.close(entry, expiry);
      throw notFound(kind);
    }
    return entry;
  }

  /**
   * One operation at a time per entry; whatever its outcome, the idle clock restarts and the
   * registry learns the current URL.
   */
  async exclusive<T>(entry: LiveEntry, work: () => Promise<T>): Promise<T> {
    const run = entry.queue.then(
      () => this.runOn(entry, work),
      () => this.runOn(entry, work),
    );
    entry.queue = run.catch(() => {});
    return run;
  }

  keepScreenshot(entry: LiveEntry, shot: CapturedScreenshot): string {
    entry.screenshots.set(shot.id, shot);
    for (const id of entry.screenshots.keys()) {
      if (entry.screenshots.size <= KEPT_SCREENSHOTS) break;
      entry.screenshots.delete(id);
    }
    return shot.uri;
  }

  async close(entry: LiveEntry, reason: CloseReason): Promise<void> {
    if (entry.closed) return;
    entry.closed = true;
    this.entries.delete(entry.id);
    await entry.refs.clear().catch(() => {});
    await entry.planned.guarded.close();
    await closeSessionRecord(this.db, entry.id, reason, new Date(this.clock.now())).catch((error) =>
      logger.warn('closing a browser session row failed', { id: entry.id, error: String(error) }),
    );
  }

  /** Closes every entry whose `ttl` or `activity_ttl` ran out: the sweep, and `find` for one id. */
  async sweep(): Promise<number> {
    let closed = 0;
    for (const entry of [...this.entries.values()]) {
      const expiry = this.expiryOf(entry);
      if (expiry) {
        await this.close(entry, expiry);
        closed += 1;
      }
    }
    return closed;
  }

  async closeAll(reason: CloseReason): Promise<void> {
    for (const entry of [...this.entries.values()]) await this.close(entry, reason);
  }

  private expiryOf(entry: LiveEntry): CloseReason | null {
    const now = this.clock.now();
    if (now >= entry.expiresAt) return 'ttl';
    if (now >= entry.idleExpiresAt) return 'idle';
    return null;
  }

  private async runOn<T>(entry: LiveEntry, work: () => Promise<T>): Promise<T> {
    if (entry.closed) throw notFound(entry.kind);
    try {
      return await work();
    } finally {
      if (!entry.closed) {
        const now = this.clock.now();
        entry.idleExpiresAt = now + entry.activityTtlMs;
        await touchSession(this.db, entry.id, {
          url: entry.page ? entry.page.url() : null,
          lastActivityAt: new Date(now),
          idleExpiresAt: new Date(entry.idleExpiresAt),
        }).catch((error) => logger.warn('touching a browser session row failed', { error: String(error) }));
      }
    }
  }
}
