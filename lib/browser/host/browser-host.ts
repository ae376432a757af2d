import type { Database } from '../../db/client.js';
import { ApiError } from '../../errors/api-error.js';
import { newId } from '../../ids.js';
import { logger } from '../../logger.js';
import type { CallScope, GuardEnvironment } from '../guard/request-guard.js';
import type { BrowserInstance } from '../launch/browser-instance.js';
import type { Clock } from './clock.js';
import {
  cleanupContexts,
  contextStats,
  createContext,
  FingerprintLedger,
  openPageInContext,
} from './context-operations.js';
import { EntryTable, type Limits } from './entry-table.js';
import type { HostReply, HostRequest, SerializedError } from './protocol.js';
import {
  actInSession,
  closeSession,
  listSessions,
  openSession,
  readSession,
  screenshotSession,
  snapshotSession,
} from './session-operations.js';
import { closeHostSessions } from './session-registry.js';

/**
 * The browser host: a long-running process holding the live pages of browser_session and the
 * contexts of stealth_mode, reached over the internal protocol (protocol.ts). It has one browser, a
 * pool of at most `maxSessions` contexts (each session or context its own, so no cookie crosses
 * accounts; closing one returns its slot), the session registry in Postgres, and a sweep that
 * closes what outlived `ttl` or `activity_ttl`.
 */

export interface BrowserHostOptions {
  instance: BrowserInstance;
  guardEnv: GuardEnvironment;
  db: Database;
  clock: Clock;
  limits: Limits;
  hostId?: string;
  /** How often the sweep runs; 0 turns the timer off (tests sweep by hand). */
  sweepIntervalMs?: number;
}

export class BrowserHost {
  readonly hostId: string;
  private readonly entries: EntryTable;
  private readonly fingerprints = new FingerprintLedger();
  private timer: NodeJS.Timeout | null = null;
  private started: Promise<void> | null = null;

  constructor(private readonly options: BrowserHostOptions) {
    this.hostId = options.hostId ?? newId('host');
    this.entries = new EntryTable(options.db, options.clock, options.limits, this.hostId);
  }

  /** Live sessions and contexts on this host. */
  get liveEntries(): number {
    return this.entries.size;
  }

  start(): Promise<void> {
    this.started ??= (async () => {
      await closeHostSessions(this.options.db, this.hostId, new Date(this.options.clock.now()));
      const interval = this.options.sweepIntervalMs ?? 1000;
      if (interval > 0) {
        this.timer = setInterval(() => {
          this.sweep().catch((error) =>
            logger.warn('browser session sweep failed', { error: String(error) }),
          );
        }, interval);
        this.timer.unref();
      }
    })();
    return this.started;
  }

  /** Closes every session and context whose `ttl` or `activity_ttl` ran out; returns how many. */
  sweep(): Promise<number> {
    return this.entries.sweep();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.entries.closeAll('host_restart');
  }

  async handle(request: HostRequest): Promise<HostReply> {
    await this.start();
    const warnings: string[] = [];
    const robotsOverrides: string[] = [];
    const scope: CallScope = {
      respectRobots: request.caller.respectRobots,
      warn: (message) => warnings.push(message),
      recordRobotsOverride: async (url) => {
        robotsOverrides.push(url);
      },
    };
    try {
      const data = await this.dispatch(request, scope);
      return { ok: true, data, warnings, robotsOverrides };
    } catch (error) {
      return { ok: false, error: serialize(error, request), warnings, robotsOverrides };
    }
  }

  private dispatch(request: HostRequest, scope: CallScope): Promise<unknown> {
    const state = {
      instance: this.options.instance,
      guardEnv: this.options.guardEnv,
      db: this.options.db,
      clock: this.options.clock,
      entries: this.entries,
      fingerprints: this.fingerprints,
    };
    const { caller, operation } = request;
    switch (operation.op) {
      case 'session.open':
        return openSession(state, caller, operation.params, scope);
      case 'session.snapshot':
        return snapshotSession(state, caller, operation.params, scope);
      case 'session.act':
        return actInSession(state, caller, operation.params, scope);
      case 'session.read':
        return readSession(state, caller, operation.params, scope);
      case 'session.screenshot':
        return screenshotSession(state, caller, operation.params, scope);
      case 'session.close':
        return closeSession(state, caller, operation.params);
      case 'session.list':
        return listSessions(state, caller);
      case 'context.create':
        return createContext(state, caller, operation.params);
      case 'context.page':
        return openPageInContext(state, caller, operation.params, scope);
      case 'context.stats':
        return contextStats(state, caller);
      case 'context.cleanup':
        return cleanupContexts(state, caller);
      default:
        throw new ApiError(
          'VALIDATION_ERROR',
          `Unknown browser host operation ${(operation as { op: string }).op}`,
        );
    }
  }
}

function serialize(error: unknown, request: HostRequest): SerializedError {
  if (error instanceof ApiError) {
    return {
      code: error.code,
      message: error.message,
      status: error.status,
      ...(error.details ? { details: error.details } : {}),
      ...(error.extra ? { extra: error.extra } : {}),
      ...(error.headers ? { headers: error.headers } : {}),
    };
  }
  logger.error('browser host operation failed', {
    op: request.operation.op,
    requestId: request.caller.requestId,
    error: error instanceof Error ? error.stack : String(error),
  });
  const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return { code: 'TOOL_ERROR', message: `The browser failed: ${message}`, status: 500 };
}
