import type { Context } from 'hono';
import { ApiError } from '../errors/api-error.js';
import { successJson } from '../errors/envelope.js';
import {
  chargeAfterRunning,
  holdCredits,
  KnownBalances,
  logUnchargedFailure,
  requestAutoRecharge,
  settleHold,
  withdrawHold,
} from '../ledger/index.js';
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
import { toApiError } from './on-error.js';
import { recordRobotsOverride } from './robots-overrides.js';
import { timed } from './server-timing.js';
import { validateInput } from './validate-input.js';

/** A hosted call runs in a ~30 s window; the tool gets what is left of it after the gateway's share. */
const TOOL_BUDGET_MS = 28_000;

const knownBalances = new KnownBalances();

type Input = Record<string, unknown>;

/**
 * validate → (hold → run → settle) or (run → charge) → envelope. Auth ran before this, and the rate
 * limit decided or is deciding (`rateVerdict`). A call whose price is known and that costs nothing
 * outside the process runs first and pays in one statement after, unless its account is known here
 * to be short; every other call holds its credits before it runs. Every error response charges nothing.
 */
export async function runMeteredCall(c: Context<AppEnv>, tool: ToolDefinition<AnyToolSchema>) {
  const input = await timed(c, 'validate', () => validateInput(tool.schema, c.get('body')));
  const price = priceOf(tool, input);
  const accountId = c.get('caller').account.id;
  if (tool.chargesAfterRun?.(input) && knownBalances.start(accountId, price)) {
    try {
      return await runThenCharge(c, tool, input, price);
    } finally {
      knownBalances.finish(accountId, price);
    }
  }
  return holdThenRun(c, tool, input, price);
}

/**
 * One database statement on success: the charge and its usage row, taken only if the balance still
 * covers the price. Short by then (another call spent the credits meanwhile): 402, and the result,
 * already computed, is thrown away. A rate refusal that arrives meanwhile outranks the result too.
 */
async function runThenCharge(
  c: Context<AppEnv>,
  tool: ToolDefinition<AnyToolSchema>,
  input: Input,
  price: number,
) {
  const services = c.get('services');
  const caller = c.get('caller');
  const warnings: string[] = ignoredKeyWarnings(tool.schema, c.get('body'));
  let result: { credits: number; dataJson: string };
  try {
    result = await runAndSerialise(c, tool, input, { price, held: price }, warnings);
  } catch (error) {
    await c.get('rateVerdict');
    const answer = toApiError(error);
    await logUnchargedFailure(services.db, {
      accountId: caller.account.id,
      apiKeyId: caller.apiKeyId,
      tool: tool.name,
      requestId: c.get('requestId'),
      outcome: answer.code,
      status: answer.status,
      durationMs: elapsed(c),
    })
      .then(() => c.set('requestLogged', true))
      .catch((logError) => logger.error('usage row of a failed call not written', { logError }));
    throw error;
  }
  await c.get('rateVerdict');

  const charge = await timed(c, 'charge', () =>
    chargeAfterRunning(services.db, {
      accountId: caller.account.id,
      apiKeyId: caller.apiKeyId,
      tool: tool.name,
      requestId: c.get('requestId'),
      price,
      credits: result.credits,
      durationMs: elapsed(c),
    }),
  );
  if (charge.logged) c.set('requestLogged', true);
  if (!charge.charged) {
    knownBalances.recordShort(caller.account.id, price);
    throw await insufficientCredits(c, price);
  }
  knownBalances.record(caller.account.id, charge.balance);
  return respond(c, result.dataJson, result.credits, charge.balance, warnings);
}

/** Credits held before the tool runs, so a call never runs for a caller who cannot pay for it. */
async function holdThenRun(
  c: Context<AppEnv>,
  tool: ToolDefinition<AnyToolSchema>,
  input: Input,
  price: number,
) {
  const services = c.get('services');
  const caller = c.get('caller');
  const requestId = c.get('requestId');
  const hold = await timed(c, 'hold', () =>
    holdCredits(services.db, {
      accountId: caller.account.id,
      apiKeyId: caller.apiKeyId,
      tool: tool.name,
      requestId,
      amount: price,
      ceiling: holdCeilingOf(tool, input),
    }),
  );
  if (!hold) {
    await c.get('rateVerdict');
    knownBalances.recordShort(caller.account.id, price);
    throw await insufficientCredits(c, price);
  }

  try {
    // A call that went on while its rate decision was on the way runs only once it is allowed.
    await c.get('rateVerdict');
  } catch (refusal) {
    await withdrawHold(services.db, hold.id).catch((releaseError) =>
      logger.error('withdraw failed; the hold comes back when it expires', { requestId, releaseError }),
    );
    throw refusal;
  }

  const warnings: string[] = ignoredKeyWarnings(tool.schema, c.get('body'));
  let result: { credits: number; dataJson: string };
  try {
    result = await runAndSerialise(c, tool, input, { price, held: hold.amount }, warnings);
  } catch (error) {
    const answer = toApiError(error);
    await settleHold(services.db, {
      holdId: hold.id,
      charged: 0,
      outcome: answer.code,
      status: answer.status,
      durationMs: elapsed(c),
    })
      .then((settled) => c.set('requestLogged', settled !== null))
      .catch((releaseError) =>
        logger.error('release failed; the hold comes back when it expires', { requestId, releaseError }),
      );
    throw error;
  }

  const balance = await timed(c, 'settle', () =>
    settleHold(services.db, {
      holdId: hold.id,
      charged: result.credits,
      outcome: 'success',
      status: 200,
      durationMs: elapsed(c),
    }),
  );
  if (balance === null) {
    // The hold expired and was taken back while the tool ran: the credits went back, so the
    // result cannot be paid for.
    throw new ApiError(
      'CREDIT_DEDUCTION_FAILED',
      'The credit hold expired before the call finished; nothing was charged.',
    );
  }
  c.set('requestLogged', true);
  knownBalances.record(caller.account.id, balance);
  return respond(c, result.dataJson, result.credits, balance, warnings);
}

/** Runs the tool and serialises its data; `credits` is its charge (the price unless it says), never above `held`. */
async function runAndSerialise(
  c: Context<AppEnv>,
  tool: ToolDefinition<AnyToolSchema>,
  input: Input,
  { price, held }: { price: number; held: number },
  warnings: string[],
): Promise<{ credits: number; dataJson: string }> {
  const services = c.get('services');
  const caller = c.get('caller');
  const requestId = c.get('requestId');
  let signal: AbortSignal | undefined;
  const ctx: ToolContext = {
    requestId,
    account: caller.account,
    apiKeyId: caller.apiKeyId,
    services,
    heldCredits: held,
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
  const outcome = await timed(c, 'run', () => tool.run(ctx, input));
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
  return { credits: Math.min(held, Math.max(0, outcome.credits ?? price)), dataJson: inline.json };
}

async function insufficientCredits(c: Context<AppEnv>, price: number): Promise<ApiError> {
  const recharging = await requestAutoRecharge(c.get('services').db, c.get('caller').account.id);
  return new ApiError(
    'INSUFFICIENT_CREDITS',
    `This call needs ${price} credits; the balance does not cover it.`,
    {
      headers: { 'X-Auto-Recharge-Triggered': String(recharging) },
    },
  );
}

function respond(c: Context<AppEnv>, dataJson: string, credits: number, balance: number, warnings: string[]) {
  const body = successJson(
    dataJson,
    { credits_used: credits, credits_remaining: balance, processing_time: Math.round(elapsed(c)) },
    warnings,
  );
  return c.body(body, 200, { 'Content-Type': 'application/json' });
}

function elapsed(c: Context<AppEnv>): number {
  return performance.now() - c.get('startedAt');
}
