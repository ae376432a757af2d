import { ApiError } from '../errors/api-error.js';
import {
  type BotWall,
  detectBotWallInView,
  isBareBlockStatus,
  UNKNOWN_VENDOR,
  viewUnlessPlainlyReadable,
} from './bot-wall.js';
import { isClientRenderedShell } from './client-rendered.js';
import type { FetchedPage } from './types.js';

/**
 * The gate every fetch tool applies to what `fetchPage` returned, before reading it: a bot wall,
 * a target error or a binary becomes the error docs/reference/README.md#errors-every-tool-can-answer names; a JSON body or a
 * client-rendered page goes on with a warning. A 429/503 with Retry-After never arrives here:
 * `fetchPage` waits it out or answers TARGET_RETRY_LATER itself.
 */

export interface AssessOptions {
  /** The calling tool: wording, and the Fastly default. */
  tool: string;
  /** The caller's `escalate` (docs/reference/pages.md#bot-walls-and-escalation). */
  escalate: boolean;
  /** Count Fastly's block page as a wall; defaults to true for `scrape` only (docs/reference/pages.md#bot-walls-and-escalation). */
  includeFastly?: boolean;
}

export interface PageAssessment {
  /** Entries for the envelope's `warnings`. */
  warnings: string[];
  /** false: the page draws its content with JavaScript that did not run (docs/reference/pages.md#extract_text client-rendered). */
  rendered: boolean;
}

export const BLOCKED_NEXT_STEP = 'Retry with escalate: true, or use stealth_mode operation scrape';
/** For tools that have no `escalate` parameter (docs/reference/pages.md#bot-walls-and-escalation lists the four that do). */
export const BLOCKED_NEXT_STEP_NO_ESCALATE =
  'Use stealth_mode operation scrape to load the page in a stealth browser';
// agent escalates its own reads: its stealth retries of walled pages.
const ESCALATING_TOOLS = new Set([
  'extract_text',
  'extract_links',
  'scrape',
  'extract_embedded_state',
  'agent',
]);
export const JSON_BODY_WARNING = 'Response is JSON; returned as text';
export const CLIENT_RENDERED_WARNING =
  'Page is client-rendered: its content is drawn by JavaScript, which did not run (rendered: false); ' +
  'use stealth_mode operation scrape to render it';

/** Target statuses BLOCKED and UPSTREAM_HTTP pass through; any other becomes 502. */
const PASSED_THROUGH = new Set([403, 404, 410, 429, 444, 451]);

export function assessFetchedPage(page: FetchedPage, options: AssessOptions): PageAssessment {
  const view = viewUnlessPlainlyReadable(page);
  // A long markup page no vendor flags: neither a wall nor a shell, whatever its status.
  if (view === null) {
    if (!isSuccess(page.status)) throw upstreamHttp(page.status);
    return { warnings: [], rendered: true };
  }
  const canEscalate = ESCALATING_TOOLS.has(options.tool);
  // An empty or placeholder 2xx page is a wall only for the tools that can retry it in a
  // browser; for the others it is simply a page with nothing on it (summarize says so).
  const wall = detectBotWallInView(view, {
    includeFastly: options.includeFastly ?? options.tool === 'scrape',
    includeEmptyPages: canEscalate,
  });
  if (wall) {
    throw options.escalate && canEscalate
      ? escalationNotConfigured(wall, options.tool)
      : blocked(wall, page.status, canEscalate ? BLOCKED_NEXT_STEP : BLOCKED_NEXT_STEP_NO_ESCALATE);
  }
  if (page.status < 200 || page.status > 299) throw upstreamHttp(page.status);
  if (page.kind === 'binary') {
    throw new ApiError(
      'UNSUPPORTED_CONTENT_TYPE',
      `${options.tool} reads web pages, not ${page.mimeType ?? 'binary content'}; use process_document`,
      { extra: { next_step: 'process_document', content_type: page.mimeType } },
    );
  }
  if (page.kind === 'json') return { warnings: [JSON_BODY_WARNING], rendered: true };
  if (view.document && isClientRenderedShell(view.document)) {
    // docs/reference/pages.md#bot-walls-and-escalation counts an empty shell among the walls escalate retries in a browser; without
    // escalate, docs/reference/pages.md#extract_text answers it as a success with rendered: false.
    if (options.escalate && canEscalate) {
      throw escalationNotConfigured(
        { vendor: UNKNOWN_VENDOR, evidence: ['client-rendered empty shell'] },
        options.tool,
      );
    }
    return { warnings: [CLIENT_RENDERED_WARNING], rendered: false };
  }
  return { warnings: [], rendered: true };
}

/**
 * Where the stealth-browser retry plugs in. Until a backend exists, escalate: true on a wall
 * answers 503 with what was seen; the render never ran, so `escalated` is false and nothing is
 * charged. The retry is I/O, so plugging it in makes this step (and the gate) async, and the
 * +5 credits, `escalated: true` and `stealth: {engine, vendor_detected}` are added there.
 */
function escalationNotConfigured(wall: BotWall, tool: string): ApiError {
  return new ApiError(
    'TOOL_NOT_AVAILABLE',
    `Escalation backend not configured: ${tool} has no stealth browser to retry this ${describe(wall)}`,
    { extra: { escalated: false, blocked: wall } },
  );
}

/** The BLOCKED error every page reader answers a wall with, uncharged, the target's status passed through. */
export function blocked(wall: BotWall, status: number, nextStep: string): ApiError {
  return new ApiError('BLOCKED', `Target answered with a ${describe(wall)} (HTTP ${status})`, {
    status: targetOrBadGateway(status),
    extra: { blocked: wall, next_step: nextStep },
  });
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

// Only walls escalate, and this page is not one: pointing at escalate: true would change nothing.
function upstreamHttp(status: number): ApiError {
  const nextStep =
    status === 429
      ? 'Wait before retrying: the target is rate limiting; or use stealth_mode operation scrape'
      : 'Use stealth_mode operation scrape to load the page in a browser';
  return new ApiError('UPSTREAM_HTTP', `Target answered HTTP ${status}`, {
    status: targetOrBadGateway(status),
    extra: isBareBlockStatus(status) ? { next_step: nextStep } : undefined,
  });
}

/** The target's own status where the contract passes it through (403, 404, 410, 429, 444, 451), else 502. */
export function targetOrBadGateway(status: number): number {
  return PASSED_THROUGH.has(status) ? status : 502;
}

function describe(wall: BotWall): string {
  return wall.vendor === UNKNOWN_VENDOR ? 'bot wall' : `${wall.vendor} bot wall`;
}
