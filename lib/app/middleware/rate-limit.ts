import { createMiddleware } from 'hono/factory';
import { ApiError } from '../../errors/api-error.js';
import { checkRateLimit, rateLimitHeaders } from '../../ratelimit/check-rate-limit.js';
import { RateHeadroom } from '../../ratelimit/headroom.js';
import type { ToolDefinition } from '../../tools/define.js';
import type { AppEnv } from '../env.js';
import { timed } from '../server-timing.js';

const headroom = new RateHeadroom();

/**
 * Per key, per plan, with the tool's own rate where its reference sets one.
 *
 * With `handlerAwaitsVerdict` (the metered tool calls, whose handler waits for `rateVerdict` before
 * the tool runs), a key this instance last saw with room in its window goes on while Redis decides:
 * the body is read and the hold taken (or, for a call that pays after it runs, the tool run) in the
 * meantime, which takes the rate limit's round trip off the call. Any other key, and every other route, waits for the verdict first, so a caller over its
 * rate never gets as far as a hold.
 */
export const rateLimitFor = (
  tool?: Pick<ToolDefinition, 'rateLimitPerSecond'>,
  options: { handlerAwaitsVerdict?: boolean } = {},
) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const { kv } = c.get('services');
    const caller = c.get('caller');
    const trusted = options.handlerAwaitsVerdict === true && headroom.trust(caller.apiKeyId);
    const verdict = timed(c, 'ratelimit', () =>
      checkRateLimit(
        kv,
        caller.apiKeyId,
        caller.account.plan,
        tool?.rateLimitPerSecond?.[caller.account.plan],
      ),
    ).then((decision) => {
      headroom.record(caller.apiKeyId, decision, trusted);
      const headers = rateLimitHeaders(decision);
      if (!decision.allowed) {
        throw new ApiError(
          'RATE_LIMIT_EXCEEDED',
          `Rate limit of ${decision.limit} requests per second exceeded for this API key.`,
          { headers: { ...headers, 'Retry-After': '60' } },
        );
      }
      for (const [name, value] of Object.entries(headers)) c.header(name, value);
    });
    if (!trusted) {
      await verdict;
      return next();
    }
    // Awaited below and by the metered call; this keeps a refusal nobody has awaited yet from
    // counting as an unhandled rejection.
    verdict.catch(() => {});
    c.set('rateVerdict', verdict);
    await next();
    // A refusal outranks whatever went wrong while it was on the way (a bad body, a short balance).
    if (c.error) await verdict;
  });
