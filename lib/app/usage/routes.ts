import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Services } from '../../services.js';
import type { AppEnv } from '../env.js';
import { authenticate } from '../middleware/authenticate.js';
import { rateLimitFor } from '../middleware/rate-limit.js';
import { provideServices } from '../middleware/services.js';
import { monitorErrorSchema } from '../monitors/schemas.js';
import { validateInput } from '../validate-input.js';
import { resolveRange, usageQuerySchema } from './range.js';
import { readUsage } from './read-usage.js';
import { usageResponseSchema } from './schemas.js';

export const USAGE_PATH = '/api/v1/usage';

const errorContent = { 'application/json': { schema: monitorErrorSchema } };

const route = createRoute({
  method: 'get',
  path: USAGE_PATH,
  operationId: 'getUsage',
  tags: ['account'],
  summary: 'Credits and calls per day and per tool, with the balance and plan (free)',
  description:
    'Read from the usage log: whole UTC days from `from` to `to`, both included, at most 90 days (default: the last 30). Only the calling key’s account is ever counted.',
  security: [{ ApiKeyAuth: [] }, { BearerAuth: [] }],
  request: { query: usageQuerySchema },
  responses: {
    200: { description: 'The usage', content: { 'application/json': { schema: usageResponseSchema } } },
    400: { description: 'VALIDATION_ERROR, with `details` naming `from` or `to`', content: errorContent },
    401: { description: 'MISSING_API_KEY or INVALID_API_KEY', content: errorContent },
    429: { description: 'RATE_LIMIT_EXCEEDED (Retry-After: 60)', content: errorContent },
  },
});

/** Mounts GET /api/v1/usage: free, behind the monitors API's chain (key or Bearer, the plan's rate). */
export function mountUsageRoutes(app: OpenAPIHono<AppEnv>, services: Services | Promise<Services>): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'BearerAuth', { type: 'http', scheme: 'bearer' });
  app.openAPIRegistry.registerPath(route);
  app.get(USAGE_PATH, provideServices(services), authenticate, rateLimitFor(), async (c) => {
    const query = validateInput(usageQuerySchema, c.req.query());
    const range = resolveRange(query, new Date());
    const usage = await readUsage(c.get('services').db, c.get('caller').account.id, range);
    return c.json({ success: true, data: usage });
  });
}
