import type { EscalatedPage, EscalationRequest } from '../../browser/escalation.js';
import { ApiError } from '../../errors/api-error.js';
import type { BotWall } from '../../fetch/bot-wall.js';
import type { ToolContext } from '../define.js';

export type { StealthReport } from '../../browser/escalation.js';

/**
 * The `escalate` hook of the page tools (docs/reference/pages.md#bot-walls-and-escalation). The gate says "escalation asked for on a
 * wall" by answering 503 with `escalated: false` and the wall it saw; that answer stands where this
 * deployment has no browser, and otherwise the browser tier renders the page once. Only types come
 * from the browser tier: its code is reached through `services.browser`, so a tool that never
 * escalates carries none of it.
 */

/** The wall an `escalate: true` call met, read off the gate's answer; null for every other error. */
export function escalationWall(error: unknown): BotWall | null {
  if (!(error instanceof ApiError) || error.code !== 'TOOL_NOT_AVAILABLE') return null;
  if (error.extra?.escalated !== false) return null;
  return (error.extra.blocked as BotWall | undefined) ?? null;
}

export async function renderPastWall(
  ctx: ToolContext,
  gateAnswer: ApiError,
  wall: BotWall,
  request: EscalationRequest & { respectRobots: boolean },
): Promise<EscalatedPage> {
  const browser = ctx.services.browser;
  // No browser here: the gate's 503 stands, nothing rendered, nothing charged.
  if (!browser?.rendersAvailable) throw gateAnswer;
  return browser.escalate(
    {
      respectRobots: request.respectRobots,
      warn: (message) => ctx.warn(message),
      recordRobotsOverride: (url) => ctx.recordRobotsOverride(url),
      signal: ctx.signal,
    },
    wall,
    request,
  );
}
