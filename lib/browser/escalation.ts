import { ApiError } from '../errors/api-error.js';
import { assessFetchedPage, type PageAssessment } from '../fetch/assess-page.js';
import type { BotWall } from '../fetch/bot-wall.js';
import type { FetchedPage } from '../fetch/types.js';
import type { CallScope } from './guard/request-guard.js';
import { renderPastWall } from './render/render-past-wall.js';
import type { PageRenderer } from './render/renderer.js';

/**
 * `escalate` (docs/reference/pages.md#bot-walls-and-escalation) once the plain fetch met a wall: one render in the stealth browser,
 * read by the tool's own gate. A page still walled, or answered with an error status, is the
 * blocked error with `escalated: true`. Lives with the browser tier, so the tools that never
 * escalate carry none of it; lib/tools/shared/escalation.ts reaches it through `services.browser`.
 */

export interface StealthReport {
  engine: string;
  /** The vendor of the wall the plain fetch met (`unknown` for the generic walls). */
  vendor_detected: string;
}

export interface EscalatedPage {
  page: FetchedPage;
  stealth: StealthReport;
}

export interface EscalationRequest {
  tool: string;
  /** The URL the plain fetch was asked for. */
  url: string;
  engine: 'engine_a' | 'engine_b';
  timeoutMs: number;
  includeFastly?: boolean;
  waitForMs?: number;
  /** The tool's own reading of a page, when it is not the shared gate's (extract_embedded_state). */
  assess?: (page: FetchedPage) => PageAssessment;
}

export async function escalatePastWall(
  renderer: PageRenderer,
  scope: CallScope,
  wall: BotWall,
  request: EscalationRequest,
): Promise<EscalatedPage> {
  if (!renderer.engineInstalled(request.engine)) {
    throw new ApiError('TOOL_NOT_AVAILABLE', `${request.engine} is not installed on this deployment`, {
      extra: { escalated: false },
    });
  }
  const page = await renderPastWall(renderer, scope, {
    url: request.url,
    engine: request.engine,
    timeoutMs: request.timeoutMs,
    waitForMs: request.waitForMs,
    includeFastly: request.includeFastly,
  });
  try {
    const assessment = request.assess
      ? request.assess(page)
      : assessFetchedPage(page, {
          tool: request.tool,
          escalate: false,
          includeFastly: request.includeFastly,
        });
    // A page still empty after its scripts ran is what it is; the client-rendered note no longer applies.
    if (assessment.rendered) for (const warning of assessment.warnings) scope.warn(warning);
  } catch (error) {
    throw refusedAgain(error, wall, page.status);
  }
  return { page, stealth: { engine: request.engine, vendor_detected: wall.vendor } };
}

const BLOCKED_NEXT_STEP_AFTER_RENDER =
  'The stealth render was refused as well; stealth does not solve CAPTCHAs or logins, so retry later or read the page another way';

/** The render was refused too: the blocked error, saying escalation ran, with what the browser met. */
function refusedAgain(error: unknown, firstWall: BotWall, status: number): unknown {
  if (!(error instanceof ApiError)) return error;
  if (error.code !== 'BLOCKED' && error.code !== 'UPSTREAM_HTTP') return error;
  const seen = (error.extra?.blocked as BotWall | undefined) ?? {
    vendor: firstWall.vendor,
    evidence: [...firstWall.evidence, `stealth render answered HTTP ${status}`],
  };
  return new ApiError('BLOCKED', `The stealth render met the wall too: ${error.message}`, {
    status: error.status,
    extra: { blocked: seen, escalated: true, next_step: BLOCKED_NEXT_STEP_AFTER_RENDER },
  });
}
