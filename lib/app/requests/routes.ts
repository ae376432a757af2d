import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Services } from '../../services.js';
import type { AppEnv } from '../env.js';
import { authenticate } from '../middleware/authenticate.js';
import { rateLimitFor } from '../middleware/rate-limit.js';
import { provideServices } from '../middleware/services.js';
import { monitorErrorSchema } from '../monitors/schemas.js';
import { validateInput } from '../validate-input.js';
import { readRequests } from './read-requests.js';
import { requestPageSchema, requestsQuerySchema } from './schemas.js';

const REQUESTS_PATH = '/api/v1/requests';

const errorContent = { 'application/json': { schema: monitorErrorSchema } };

const route = createRoute({
  method: 'get',
  path: REQUESTS_PATH,
  operationId: 'listRequests',
  tags: ['account'],
  summary: 'The account’s metered calls of the last 7 days: status, error, credits (free)',
  description:
    'Newest first. Every tool call the account made in the last 7 days, refused ones included (bad input, rate limit, short balance, a revoked key), with the status it answered and the credits it cost, so “what failed, and was I charged” has an answer. A call with an unknown key belongs to no account and is not listed. Only the calling key’s account is ever shown.',
  security: [{ ApiKeyAuth: [] }, { BearerAuth: [] }],
  request: { query: requestsQuerySchema },
  responses: {
    200: { description: 'A page of calls', content: { 'application/json': { schema: requestPageSchema } } },
    400: {
      description: 'VALIDATION_ERROR, with `details` naming `tool`, `status`, `limit` or `cursor`',
      content: errorContent,
    },
    401: { description: 'MISSING_API_KEY or INVALID_API_KEY', content: errorContent },
    429: { description: 'RATE_LIMIT_EXCEEDED (Retry-After: 60)', content: errorContent },
  },
});

/** Mounts GET /api/v1/requests: free, behind the monitors API's chain (key or Bearer, the plan's rate). */
export function mountRequestRoutes(app: OpenAPIHono<AppEnv>, services: Services | Promise<Services>): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'BearerAuth', { type: 'http', scheme: 'bearer' });
  app.openAPIRegistry.registerPath(route);
  app.get(REQUESTS_PATH, provideServices(services), authenticate, rateLimitFor(), async (c) => {
    const query = validateInput(requestsQuerySchema, c.req.query());
    const page = await readRequests(c.get('services').db, c.get('caller').account.id, query, new Date());
    return c.json({ success: true, ...page });
  });
}
