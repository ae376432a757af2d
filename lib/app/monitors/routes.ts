import { createRoute, type OpenAPIHono, type RouteConfig, z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { getCheck, listChecks } from '../../monitors/checks.js';
import { createMonitorSchema, pageQuerySchema, updateMonitorSchema } from '../../monitors/input.js';
import {
  createMonitor,
  deleteMonitor,
  getMonitor,
  listMonitors,
  updateMonitor,
} from '../../monitors/monitors.js';
import { runCheck } from '../../monitors/run-check.js';
import { checkView } from '../../monitors/views.js';
import type { Services } from '../../services.js';
import type { AppEnv } from '../env.js';
import { authenticate } from '../middleware/authenticate.js';
import { declaredBodySize, jsonBody } from '../middleware/json-body.js';
import { rateLimitFor } from '../middleware/rate-limit.js';
import { provideServices } from '../middleware/services.js';
import { validateInput } from '../validate-input.js';
import { monitorRuntime } from './runtime.js';
import {
  checkDetailSchema,
  checkSchema,
  checkWithPagesSchema,
  deletedSchema,
  envelope,
  listEnvelope,
  monitorErrorSchema,
  monitorListItemSchema,
  monitorSchema,
} from './schemas.js';

/**
 * Document 1 §4.1 under /api/v1/monitors. Each route is declared once with createRoute: the
 * declaration is registered in /openapi.json and served through the service's own chain (key as
 * X-API-Key or Bearer, the plan's rate limit, body cap, envelope errors). Managing monitors is
 * free, so no route takes a hold; run-now holds through the check itself.
 */

export const MONITORS_PATH = '/api/v1/monitors';

const monitorId = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: 'mon_01JQ3Z8V5K2M7N9P4R6T' }),
});
const checkIds = monitorId.extend({
  check_id: z
    .string()
    .openapi({ param: { name: 'check_id', in: 'path' }, example: 'chk_01JQ3Z8V5K2M7N9P4R6T' }),
});

const errors = {
  400: 'VALIDATION_ERROR, with `details` naming each field',
  401: 'MISSING_API_KEY or INVALID_API_KEY',
  404: 'NOT_FOUND: no such monitor (or check) for this key',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMIT_EXCEEDED (Retry-After: 60)',
} as const;

function errorResponses(statuses: Array<keyof typeof errors | 409>) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description:
          status === 409 ? 'MONITOR_RUNNING: a check of this monitor is in progress' : errors[status],
        content: { 'application/json': { schema: monitorErrorSchema } },
      },
    ]),
  );
}

function json<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

const body = (schema: z.ZodType) => ({
  required: true,
  content: { 'application/json': { schema } },
});

const security: Array<Record<string, string[]>> = [{ ApiKeyAuth: [] }, { BearerAuth: [] }];
const common = { tags: ['monitors'], security };

const routes = {
  create: createRoute({
    ...common,
    method: 'post',
    path: MONITORS_PATH,
    operationId: 'createMonitor',
    summary: 'Create a monitor (free)',
    request: { body: body(createMonitorSchema) },
    responses: {
      201: json(envelope(monitorSchema, 'MonitorResponse'), 'The monitor, with its webhook secret'),
      ...errorResponses([400, 401, 413, 429]),
    },
  }),
  list: createRoute({
    ...common,
    method: 'get',
    path: MONITORS_PATH,
    operationId: 'listMonitors',
    summary: 'List monitors, newest first, each with its last check',
    request: { query: pageQuerySchema },
    responses: {
      200: json(listEnvelope(monitorListItemSchema, 'MonitorList'), 'One page of monitors'),
      ...errorResponses([400, 401, 429]),
    },
  }),
  get: createRoute({
    ...common,
    method: 'get',
    path: `${MONITORS_PATH}/{id}`,
    operationId: 'getMonitor',
    summary: 'Get a monitor, with its webhook secret',
    request: { params: monitorId },
    responses: {
      200: json(envelope(monitorSchema, 'MonitorResponse'), 'The monitor'),
      ...errorResponses([401, 404, 429]),
    },
  }),
  update: createRoute({
    ...common,
    method: 'patch',
    path: `${MONITORS_PATH}/{id}`,
    operationId: 'updateMonitor',
    summary: 'Update any subset of a monitor; pause or resume it',
    request: { params: monitorId, body: body(updateMonitorSchema) },
    responses: {
      200: json(envelope(monitorSchema, 'MonitorResponse'), 'The monitor'),
      ...errorResponses([400, 401, 404, 413, 429]),
    },
  }),
  delete: createRoute({
    ...common,
    method: 'delete',
    path: `${MONITORS_PATH}/{id}`,
    operationId: 'deleteMonitor',
    summary: 'Delete a monitor, its checks and its baselines',
    request: { params: monitorId },
    responses: { 200: json(deletedSchema, '{id, deleted: true}'), ...errorResponses([401, 404, 429]) },
  }),
  run: createRoute({
    ...common,
    method: 'post',
    path: `${MONITORS_PATH}/{id}/run`,
    operationId: 'runMonitor',
    summary: 'Run one check now (3 credits per new/changed/unchanged page)',
    description:
      'Runs one check inline with the billing of a scheduled one and returns it with its pages. A balance that cannot cover the hold gives a check with status `insufficient_credits` (nothing fetched).',
    request: { params: monitorId },
    responses: {
      200: json(envelope(checkWithPagesSchema, 'CheckWithPagesResponse'), 'The check, with its pages'),
      ...errorResponses([401, 404, 409, 429]),
    },
  }),
  checks: createRoute({
    ...common,
    method: 'get',
    path: `${MONITORS_PATH}/{id}/checks`,
    operationId: 'listMonitorChecks',
    summary: 'Check history, newest first, without pages',
    request: { params: monitorId, query: pageQuerySchema },
    responses: {
      200: json(listEnvelope(checkSchema, 'CheckList'), 'One page of checks'),
      ...errorResponses([400, 401, 404, 429]),
    },
  }),
  check: createRoute({
    ...common,
    method: 'get',
    path: `${MONITORS_PATH}/{id}/checks/{check_id}`,
    operationId: 'getMonitorCheck',
    summary: 'One check with its pages and webhook deliveries',
    request: { params: checkIds },
    responses: {
      200: json(envelope(checkDetailSchema, 'CheckDetailResponse'), 'The check'),
      ...errorResponses([401, 404, 429]),
    },
  }),
} satisfies Record<string, RouteConfig>;

type Handler = (c: Context<AppEnv>) => Promise<Response>;

function query(c: Context<AppEnv>) {
  return validateInput(pageQuerySchema, c.req.query());
}

function param(c: Context<AppEnv>, name: string): string {
  return c.req.param(name) ?? '';
}

function owner(c: Context<AppEnv>) {
  const caller = c.get('caller');
  return { accountId: caller.account.id, apiKeyId: caller.apiKeyId };
}

/** Mounts the monitors API on `app` and registers it in the app's OpenAPI document. */
export function mountMonitorRoutes(app: OpenAPIHono<AppEnv>, services: Services | Promise<Services>): void {
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
    const middleware = withBody ? [...chain, jsonBody] : chain;
    app.on([route.method.toUpperCase()], [path], ...middleware, handler);
  };

  mount(
    routes.create,
    async (c) => {
      const input = validateInput(createMonitorSchema, c.get('body'));
      const { db, config } = c.get('services');
      const monitor = await createMonitor(db, config, owner(c), input, new Date());
      return c.json({ success: true, data: monitor }, 201);
    },
    true,
  );
  mount(routes.list, async (c) => {
    const page = await listMonitors(c.get('services').db, owner(c).accountId, query(c));
    return c.json({ success: true, ...page });
  });
  mount(routes.get, async (c) => {
    const monitor = await getMonitor(c.get('services').db, owner(c).accountId, param(c, 'id'));
    return c.json({ success: true, data: monitor });
  });
  mount(
    routes.update,
    async (c) => {
      const input = validateInput(updateMonitorSchema, c.get('body'));
      const { db, config } = c.get('services');
      const monitor = await updateMonitor(db, config, owner(c).accountId, param(c, 'id'), input, new Date());
      return c.json({ success: true, data: monitor });
    },
    true,
  );
  mount(routes.delete, async (c) => {
    const result = await deleteMonitor(c.get('services').db, owner(c).accountId, param(c, 'id'));
    return c.json({ success: true, data: result });
  });
  mount(routes.run, async (c) => {
    const services = c.get('services');
    const check = await runCheck(monitorRuntime(services), {
      trigger: 'manual',
      monitorId: param(c, 'id'),
      accountId: owner(c).accountId,
    });
    // A manual check always yields a row (or throws): only scheduled ones can be dropped.
    const data = checkView(check!, { withPages: true });
    return c.json({ success: true, data });
  });
  mount(routes.checks, async (c) => {
    const page = await listChecks(c.get('services').db, owner(c).accountId, param(c, 'id'), query(c));
    return c.json({ success: true, ...page });
  });
  mount(routes.check, async (c) => {
    const db = c.get('services').db;
    const check = await getCheck(db, owner(c).accountId, param(c, 'id'), param(c, 'check_id'));
    return c.json({ success: true, data: check });
  });
}
