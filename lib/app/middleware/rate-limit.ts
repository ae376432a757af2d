import { createMiddleware } from 'hono/factory';
import { ApiError } from '../../errors/api-error.js';
import { checkRateLimit, rateLimitHeaders } from '../../ratelimit/check-rate-limit.js';
import type { ToolDefinition } from '../../tools/define.js';
import type { AppEnv } from '../env.js';
import { timed } from '../server-timing.js';

/**
 * Per key, per plan, with the tool's own rate where its reference sets one. Runs before the
 * credit hold, so a 429 never creates one.
 */
export const rateLimitFor = (tool?: Pick<ToolDefinition, 'rateLimitPerSecond'>) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const { kv } = c.get('services');
    const caller = c.get('caller');
    const decision = await timed(c, 'ratelimit', () =>
      checkRateLimit(
        kv,
        caller.apiKeyId,
        caller.account.plan,
        tool?.rateLimitPerSecond?.[caller.account.plan],
      ),
    );
    const headers = rateLimitHeaders(decision);
    if (!decision.allowed) {
      throw new ApiError(
        'RATE_LIMIT_EXCEEDED',
        `Rate limit of ${decision.limit} requests per second exceeded for this API key.`,
        { headers: { ...headers, 'Retry-After': '60' } },
      );
    }
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
    await next();
  });
