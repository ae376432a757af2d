import type { Context } from 'hono';
import { ApiError } from '../errors/api-error.js';
import { successJson } from '../errors/envelope.js';
import { holdCredits, requestAutoRecharge, settleHold, withdrawHold } from '../ledger/index.js';
import { logger } from '../logger.js';
import { inlineOrStore } from '../results/inline-or-store.js';
import {
  type AnyToolSchema,
  holdCeilingOf,
  priceOf,
  type ToolContext,
  type ToolDefinition,
} from '../tools/define.js';
import type { AppEnv } from './env.js';
import { ignoredKeyWarnings } from './ignored-keys.js';
import { recordRobotsOverride } from './robots-overrides.js';
import { timed } from './server-timing.js';
import { validateInput } from './validate-input.js';

/** A hosted call runs in a ~30 s window; the tool gets what is left of it after the gateway's share. */
const TOOL_BUDGET_MS = 28_000;

/**
 * validate → hold → run → settle → envelope. Auth ran before this, and the rate limit decided or is
 * deciding (`rateVerdict`). Any error after the hold releases all of it, so every error response
 * charges nothing.
 */
export async function runMeteredCall(c: Context<AppEnv>, tool: ToolDefinition<AnyToolSchema>) {
  const services = c.get('services');
  const caller = c.get('caller');
  const requestId = c.get('requestId');
  const input = await timed(c, 'validate', () => validateInput(tool.schema, c.get('body')));

  const amount = priceOf(tool, input);
  const hold = await timed(c, 'hold', () =>
    holdCredits(services.db, {
      accountId: caller.account.id,
      apiKeyId: caller.apiKeyId,
      tool: tool.name,
      requestId,
      amount,
      ceiling: holdCeilingOf(tool, input),
    }),
  );
  if (!hold) {
    await c.get('rateVerdict');
    const recharging = await requestAutoRecharge(services.db, caller.account.id);
    throw new ApiError(
      'INSUFFICIENT_CREDITS',
      `This call needs ${amount} credits; the balance does not cover it.`,
      {
        headers: { 'X-Auto-Recharge-Triggered': String(recharging) },
      },
    );
  }

  try {
    // A call that went on while its rate decision was on the way runs only once it is allowed.
    await c.get('rateVerdict');
  } catch (refusal) {
    await withdrawHold(services.db, hold.id).catch((releaseError) =>
      logger.error('withdraw failed; the sweep will return the hold', { requestId, releaseError }),
    );
    throw refusal;
  }

  const warnings: string[] = ignoredKeyWarnings(tool.schema, c.get('body'));
  let signal: AbortSignal | undefined;
  const ctx: ToolContext = {
    requestId,
    account: caller.account,
    apiKeyId: caller.apiKeyId,
    services,
    heldCredits: hold.amount,
    warn: (message) => warnings.push(message),
    recordRobotsOverride: (url) =>
      recordRobotsOverride(services.db, { caller, tool: tool.name, requestId, url }),
    // Made on first use: a timer and a combined signal cost more than a tool that reads supplied
    // text spends in all, and such a tool never looks at them.
    get signal() {
      if (!signal) {
        const budget = AbortSignal.timeout(Math.max(1, Math.ceil(TOOL_BUDGET_MS - elapsed(c))));
        signal = c.req.raw.signal ? AbortSignal.any([c.req.raw.signal, budget]) : budget;
      }
      return signal;
    },
  };

  let charged: number;
  let dataJson: string;
  try {
    const outcome = await timed(c, 'run', () => tool.run(ctx, input));
    charged = Math.min(hold.amount, Math.max(0, outcome.credits ?? amount));
    const inline = await timed(c, 'serialise', () =>
      inlineOrStore(services.db, {
        accountId: caller.account.id,
        tool: tool.name,
        data: outcome.data,
        maxInlineChars: (input as { max_inline_chars?: number }).max_inline_chars,
        keep: tool.keepWhenStored as ((data: unknown) => Record<string, unknown>) | undefined,
        measure: tool.inlineMeasure as ((data: unknown) => number) | undefined,
      }),
    );
    if (inline.warning) warnings.push(inline.warning);
    dataJson = inline.json;
  } catch (error) {
    const code = error instanceof ApiError ? error.code : 'INTERNAL_ERROR';
    await settleHold(services.db, {
      holdId: hold.id,
      charged: 0,
      outcome: code,
      durationMs: elapsed(c),
    }).catch((releaseError) =>
      logger.error('release failed; the sweep will return the hold', { requestId, releaseError }),
    );
    throw error;
  }

  const balance = await timed(c, 'settle', () =>
    settleHold(services.db, {
      holdId: hold.id,
      charged,
      outcome: 'success',
      durationMs: elapsed(c),
    }),
  );
  if (balance === null) {
    // The sweep released this hold as stale while the tool ran: the credits went back, so the
    // result cannot be paid for.
    throw new ApiError(
      'CREDIT_DEDUCTION_FAILED',
      'The credit hold expired before the call finished; nothing was charged.',
    );
  }
  const body = successJson(
    dataJson,
    { credits_used: charged, credits_remaining: balance, processing_time: Math.round(elapsed(c)) },
    warnings,
  );
  return c.body(body, 200, { 'Content-Type': 'application/json' });
}

function elapsed(c: Context<AppEnv>): number {
  return performance.now() - c.get('startedAt');
}
