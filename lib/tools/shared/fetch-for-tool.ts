import type { ApiError } from '../../errors/api-error.js';
import { assessFetchedPage, type PageAssessment } from '../../fetch/assess-page.js';
import { fetchPage } from '../../fetch/fetch-page.js';
import type { FetchEnvironment, FetchedPage } from '../../fetch/types.js';
import type { ToolContext } from '../define.js';
import { escalationWall, renderPastWall, type StealthReport } from './escalation.js';

export interface ToolFetchOptions {
  tool: string;
  timeoutMs: number;
  respectRobots: boolean;
  escalate?: boolean;
  headers?: Record<string, string>;
  userAgent?: string;
  /** Count Fastly's block page as a wall (docs/reference/pages.md#bot-walls-and-escalation names it for `scrape`). */
  includeFastly?: boolean;
  /** The engine of an escalated render (`escalate_engine`). */
  escalateEngine?: 'engine_a' | 'engine_b';
  /** Extra milliseconds an escalated render waits before reading the page (`wait_for`). */
  waitForMs?: number;
  /**
   * The tool's own reading of a page where the shared gate's does not fit (extract_embedded_state:
   * an empty shell that carries inline state is its content, not a wall). It stands in for the
   * gate on the plain fetch and on an escalated render; its warnings on the plain fetch are handed
   * back in `ToolFetch.warnings` for the tool to word, not sent to the envelope.
   */
  assess?: (page: FetchedPage, escalate: boolean) => PageAssessment;
  /** Told each warning of the fetch itself (a robots override) besides the envelope. */
  onFetchWarning?: (message: string) => void;
  /** false: a page that refreshes to another is answered as served (see FetchOptions.followRefresh). */
  followRefresh?: boolean;
}

export interface ToolFetch {
  page: FetchedPage;
  /** false for a client-rendered page whose JavaScript did not run (docs/reference/pages.md#extract_text). */
  rendered: boolean;
  /** Whether the stealth render ran: the +5 of `escalate` is kept only then. */
  escalated: boolean;
  /** What the render was: set when it ran (docs/reference/pages.md#bot-walls-and-escalation), null otherwise. */
  stealth: StealthReport | null;
  /** The plain fetch's gate warnings, when the tool's own `assess` judged the page; else empty. */
  warnings: string[];
}

export function fetchEnvironment(ctx: ToolContext, onWarning?: (message: string) => void): FetchEnvironment {
  return {
    config: ctx.services.config,
    kv: ctx.services.kv,
    warn: onWarning
      ? (message) => {
          onWarning(message);
          ctx.warn(message);
        }
      : ctx.warn,
    recordRobotsOverride: ctx.recordRobotsOverride,
    signal: ctx.signal,
  };
}

/**
 * The one way a tool reads a page: the guarded fetch (SSRF, robots, limits), then the gate that
 * turns walls, target errors and binaries into docs/reference/README.md#errors-every-tool-can-answer's errors. Warnings of the gate
 * (JSON body, client-rendered page) go to the envelope.
 */
export async function fetchForTool(
  ctx: ToolContext,
  url: string,
  options: ToolFetchOptions,
): Promise<ToolFetch> {
  const page = await fetchPage(fetchEnvironment(ctx, options.onFetchWarning), url, {
    timeoutMs: options.timeoutMs,
    respectRobots: options.respectRobots,
    headers: options.headers,
    userAgent: options.userAgent,
    followRefresh: options.followRefresh,
  });
  const { assess } = options;
  let assessment: PageAssessment;
  try {
    assessment = assess
      ? assess(page, options.escalate ?? false)
      : assessFetchedPage(page, {
          tool: options.tool,
          escalate: options.escalate ?? false,
          includeFastly: options.includeFastly,
        });
  } catch (error) {
    const wall = escalationWall(error);
    if (!wall) throw error;
    const escalated = await renderPastWall(ctx, error as ApiError, wall, {
      tool: options.tool,
      url,
      engine: options.escalateEngine ?? 'engine_a',
      timeoutMs: options.timeoutMs,
      respectRobots: options.respectRobots,
      includeFastly: options.includeFastly,
      waitForMs: options.waitForMs,
      assess: assess && ((candidate) => assess(candidate, false)),
    });
    return {
      page: escalated.page,
      rendered: true,
      escalated: true,
      stealth: escalated.stealth,
      warnings: [],
    };
  }
  if (assess)
    return {
      page,
      rendered: assessment.rendered,
      escalated: false,
      stealth: null,
      warnings: assessment.warnings,
    };
  for (const warning of assessment.warnings) ctx.warn(warning);
  return { page, rendered: assessment.rendered, escalated: false, stealth: null, warnings: [] };
}
