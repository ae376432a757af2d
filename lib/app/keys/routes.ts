import { createRoute, type OpenAPIHono, type RouteConfig, z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { issueAccountKey, listAccountKeys, revokeAccountKey } from '../../auth/account-keys.js';
import { forgetRevokedKey } from '../../auth/verify-key.js';
import type { Services } from '../../services.js';
import type { AppEnv } from '../env.js';
import { authenticate } from '../middleware/authenticate.js';
import { declaredBodySize, jsonBody } from '../middleware/json-body.js';
import { rateLimitFor } from '../middleware/rate-limit.js';
import { provideServices } from '../middleware/services.js';
import { monitorErrorSchema } from '../monitors/schemas.js';
import { validateInput } from '../validate-input.js';
import {
  createKeySchema,
  issuedKeyResponseSchema,
  keyListSchema,
  keyResponseSchema,
  keyView,
} from './schemas.js';

const KEYS_PATH = '/api/v1/keys';

const errors = {
  400: 'VALIDATION_ERROR, with `details` naming each field',
  401: 'MISSING_API_KEY or INVALID_API_KEY',
  404: 'NOT_FOUND: no such key on this account',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMIT_EXCEEDED (Retry-After: 60)',
} as const;

function errorResponses(statuses: Array<keyof typeof errors>) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: errors[status], content: { 'application/json': { schema: monitorErrorSchema } } },
    ]),
  );
}

function json<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

const common = {
  tags: ['account'],
  security: [{ ApiKeyAuth: [] }, { BearerAuth: [] }] as Array<Record<string, string[]>>,
};

const keyId = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: 'key_01JQ3Z8V5K2M7N9P4R6T' }),
});

const routes = {
  list: createRoute({
    ...common,
    method: 'get',
    path: KEYS_PATH,
    operationId: 'listApiKeys',
    summary: 'List the account’s API keys, revoked ones too (free)',
    responses: { 200: json(keyListSchema, 'The keys, without their secrets'), ...errorResponses([401, 429]) },
  }),
  create: createRoute({
    ...common,
    method: 'post',
    path: KEYS_PATH,
    operationId: 'createApiKey',
    summary: 'Create an API key for the account (free); the key is shown in this answer only',
    request: { body: { required: false, content: { 'application/json': { schema: createKeySchema } } } },
    responses: {
      201: json(issuedKeyResponseSchema, 'The new key, with the key itself'),
      ...errorResponses([400, 401, 413, 429]),
    },
  }),
  revoke: createRoute({
    ...common,
    method: 'delete',
    path: `${KEYS_PATH}/{id}`,
    operationId: 'revokeApiKey',
    summary: 'Revoke one of the account’s API keys (free), the calling key included',
    description:
      'The key answers 401 INVALID_API_KEY from then on: at once on the instance that revoked it, within five seconds on every other.',
    request: { params: keyId },
    responses: { 200: json(keyResponseSchema, 'The revoked key'), ...errorResponses([401, 404, 429]) },
  }),
} satisfies Record<string, RouteConfig>;

type Handler = (c: Context<AppEnv>) => Promise<Response>;

/** Mounts /api/v1/keys: free, behind the monitors API's chain (key or Bearer, the plan's rate). */
export function mountKeyRoutes(app: OpenAPIHono<AppEnv>, services: Services | Promise<Services>): void {
  const chain: MiddlewareHandler<AppEnv>[] = [
    declaredBodySize,
    provideServices(services),
    authenticate,
    rateLimitFor(),
  ];
  app.openAPIRegistry.registerComponent('securitySchemes', 'BearerAuth', { type: 'http', scheme: 'bearer' });
  const mount = (route: RouteConfig, handler: Handler, withBody = false) => {
    app.openAPIRegistry.registerPath(route);
    const path = route.path.replaceAll(/\/{(.+?)}/g, '/:$1');
    app.on([route.method.toUpperCase()], [path], ...(withBody ? [...chain, jsonBody] : chain), handler);
  };

  mount(routes.list, async (c) => {
    const keys = await listAccountKeys(c.get('services').db, c.get('caller').account.id);
    return c.json({ success: true, data: keys.map(keyView) });
  });
  mount(
    routes.create,
    async (c) => {
      const input = validateInput(createKeySchema, c.get('body'));
      const issued = await issueAccountKey(
        c.get('services').db,
        c.get('caller').account.id,
        input.name ?? null,
      );
      return c.json({ success: true, data: { ...keyView(issued), key: issued.key } }, 201);
    },
    true,
  );
  mount(routes.revoke, async (c) => {
    const { db, keyCache } = c.get('services');
    const key = await revokeAccountKey(db, c.get('caller').account.id, c.req.param('id') ?? '');
    forgetRevokedKey(key.id, keyCache);
    return c.json({ success: true, data: keyView(key) });
  });
}
