import { createRoute, type OpenAPIHono, type RouteConfig, z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { ApiError } from '../../errors/api-error.js';
import { isIdOf } from '../../id-format.js';
import { getCheck, listChecks } from '../../monitors/api/checks.js';
import {
  createMonitorSchema,
  DEFAULT_CRON,
  pageQuerySchema,
  updateMonitorSchema,
} from '../../monitors/api/input.js';
import {
  createMonitor,
  deleteMonitor,
  getMonitor,
  listMonitors,
  type MonitorContext,
  monitorNotFound,
  updateMonitor,
} from '../../monitors/api/monitors.js';
import { checkView } from '../../monitors/api/views.js';
import { runCheck } from '../../monitors/check/run-check.js';
import { redeliver, testWebhook } from '../../monitors/delivery/webhook-verbs.js';
import { EMAIL_LINKS_PATH } from '../../monitors/recipients/email-links.js';
import { confirmRecipient, unsubscribeRecipient } from '../../monitors/recipients/recipients.js';
import type { Services } from '../../services.js';
import type { AppEnv } from '../env.js';
import { authenticate } from '../middleware/authenticate.js';
import { declaredBodySize, jsonBody } from '../middleware/json-body.js';
import { rateLimitFor } from '../middleware/rate-limit.js';
import { provideServices } from '../middleware/services.js';
import { validateInput } from '../validate-input.js';
import { parseMonitorBody } from './parse-body.js';
import { monitorRuntime } from './runtime.js';
import {
  checkDetailSchema,
  checkSchema,
  checkWithPagesSchema,
  deletedSchema,
  deliverySchema,
  envelope,
  listEnvelope,
  monitorErrorSchema,
  monitorListItemSchema,
  monitorSchema,
  testDeliverySchema,
} from './schemas.js';

/**
 * docs/reference/monitors.md#endpoints under /api/v1/monitors. Each route is declared once with createRoute: the
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
  403: "MONITOR_LIMIT_REACHED: the plan's cap on active monitors or targets",
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
      ...errorResponses([400, 401, 403, 413, 429]),
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
      ...errorResponses([400, 401, 403, 404, 413, 429]),
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
  testWebhook: createRoute({
    ...common,
    method: 'post',
    path: `${MONITORS_PATH}/{id}/test-webhook`,
    operationId: 'testMonitorWebhook',
    summary: 'Send a signed monitor.test event to the webhook now (free)',
    description:
      'One attempt, no retries, answered with its outcome; not logged on any check. 400 when the monitor has no `webhook_url`.',
    request: { params: monitorId },
    responses: {
      200: json(envelope(testDeliverySchema, 'WebhookTestResponse'), 'The attempt'),
      ...errorResponses([400, 401, 404, 429]),
    },
  }),
  redeliver: createRoute({
    ...common,
    method: 'post',
    path: `${MONITORS_PATH}/{id}/checks/{check_id}/deliveries/{delivery_id}/redeliver`,
    operationId: 'redeliverMonitorWebhook',
    summary: 'Send a logged delivery again (free)',
    description:
      "The same body to the monitor's current `webhook_url`, under a new `webhook-id` and timestamp, logged on the check as a new delivery with the usual retries.",
    request: {
      params: checkIds.extend({
        delivery_id: z
          .string()
          .openapi({ param: { name: 'delivery_id', in: 'path' }, example: 'msg_01JQ3Z8V5K2M7N9P4R6T' }),
      }),
    },
    responses: {
      200: json(envelope(deliverySchema, 'WebhookDeliveryResponse'), 'The new delivery'),
      ...errorResponses([400, 401, 404, 429]),
    },
  }),
} satisfies Record<string, RouteConfig>;

type Handler = (c: Context<AppEnv>) => Promise<Response>;

function query(c: Context<AppEnv>) {
  return validateInput(pageQuerySchema, c.req.query());
}

/**
 * The monitor id in the path. One no monitor could have (a NUL byte, a stray character) is
 * unknown like any other, 404, before it reaches a query PostgreSQL would refuse.
 */
function monitorIdParam(c: Context<AppEnv>): string {
  const id = c.req.param('id') ?? '';
  if (!isIdOf('mon', id)) throw monitorNotFound(id);
  return id;
}

function deliveryIdParam(c: Context<AppEnv>): string {
  const id = c.req.param('delivery_id') ?? '';
  if (!isIdOf('msg', id)) throw new ApiError('NOT_FOUND', `No delivery with id ${id}.`);
  return id;
}

function checkIdParam(c: Context<AppEnv>, monitorId: string): string {
  const id = c.req.param('check_id') ?? '';
  if (!isIdOf('chk', id)) throw new ApiError('NOT_FOUND', `No check with id ${id} on monitor ${monitorId}.`);
  return id;
}

/** The verbs' context: the caller's account and key, the services, the time of the request. */
function monitorContext(c: Context<AppEnv>): MonitorContext {
  const caller = c.get('caller');
  const services = c.get('services');
  return {
    db: services.db,
    config: services.config,
    mailer: monitorRuntime(services).mailer,
    accountId: caller.account.id,
    apiKeyId: caller.apiKeyId,
    now: new Date(),
  };
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

  mountEmailLinks(app, services);
  mount(
    routes.create,
    async (c) => {
      const ctx = monitorContext(c);
      const input = await parseMonitorBody(createMonitorSchema, c.get('body'), ctx.now, async () => ({
        schedule_cron: DEFAULT_CRON,
        timezone: 'UTC',
      }));
      const monitor = await createMonitor({ ctx, input });
      return c.json({ success: true, data: monitor }, 201);
    },
    true,
  );
  mount(routes.list, async (c) => {
    const page = await listMonitors({ ctx: monitorContext(c), input: query(c) });
    return c.json({ success: true, ...page });
  });
  mount(routes.get, async (c) => {
    const monitor = await getMonitor({ ctx: monitorContext(c), input: { id: monitorIdParam(c) } });
    return c.json({ success: true, data: monitor });
  });
  mount(
    routes.update,
    async (c) => {
      const ctx = monitorContext(c);
      const id = monitorIdParam(c);
      // The monitor's own schedule judges a body that changes only one of cron and zone; an
      // unknown id still answers 400 for a bad body, judged against the defaults.
      const input = await parseMonitorBody(updateMonitorSchema, c.get('body'), ctx.now, () =>
        getMonitor({ ctx, input: { id } }).catch(() => ({ schedule_cron: DEFAULT_CRON, timezone: 'UTC' })),
      );
      const monitor = await updateMonitor({ ctx, input: { id, changes: input } });
      return c.json({ success: true, data: monitor });
    },
    true,
  );
  mount(routes.delete, async (c) => {
    const result = await deleteMonitor({ ctx: monitorContext(c), input: { id: monitorIdParam(c) } });
    return c.json({ success: true, data: result });
  });
  mount(routes.run, async (c) => {
    const services = c.get('services');
    const check = await runCheck(monitorRuntime(services), {
      trigger: 'manual',
      monitorId: monitorIdParam(c),
      accountId: c.get('caller').account.id,
    });
    // A manual check always yields a row (or throws): only scheduled ones can be dropped.
    const data = checkView(check!, { withPages: true });
    return c.json({ success: true, data });
  });
  mount(routes.testWebhook, async (c) => {
    const rt = monitorRuntime(c.get('services'));
    const data = await testWebhook({ ctx: monitorContext(c), input: { id: monitorIdParam(c), rt } });
    return c.json({ success: true, data });
  });
  mount(routes.redeliver, async (c) => {
    const rt = monitorRuntime(c.get('services'));
    const data = await redeliver({
      ctx: monitorContext(c),
      input: {
        id: monitorIdParam(c),
        checkId: checkIdParam(c, monitorIdParam(c)),
        deliveryId: deliveryIdParam(c),
        rt,
      },
    });
    return c.json({ success: true, data });
  });
  mount(routes.checks, async (c) => {
    const page = await listChecks({
      ctx: monitorContext(c),
      input: { monitorId: monitorIdParam(c), ...query(c) },
    });
    return c.json({ success: true, ...page });
  });
  mount(routes.check, async (c) => {
    const check = await getCheck({
      ctx: monitorContext(c),
      input: { monitorId: monitorIdParam(c), checkId: checkIdParam(c, monitorIdParam(c)) },
    });
    return c.json({ success: true, data: check });
  });
}

/**
 * The links in monitor emails: public (the recipient has no key), each authorised by its signed
 * token alone. The unsubscribe URL answers GET (the link in the body) and POST (RFC 8058's
 * one-click, `List-Unsubscribe=One-Click` in a form body, which needs no reading). They are links
 * for people and mail clients, not API operations, so they stay out of /openapi.json.
 */
function mountEmailLinks(app: OpenAPIHono<AppEnv>, services: Services | Promise<Services>): void {
  const linkContext = (c: Context<AppEnv>) => {
    const { db, config } = c.get('services');
    return { db, config, now: new Date() };
  };
  app.get(`${EMAIL_LINKS_PATH}/confirm`, provideServices(services), async (c) => {
    const data = await confirmRecipient(linkContext(c), c.req.query('token'));
    return c.json({ success: true, data });
  });
  const unsubscribe: Handler = async (c) => {
    const data = await unsubscribeRecipient(linkContext(c), c.req.query('token'));
    return c.json({ success: true, data });
  };
  app.get(`${EMAIL_LINKS_PATH}/unsubscribe`, provideServices(services), unsubscribe);
  app.post(`${EMAIL_LINKS_PATH}/unsubscribe`, declaredBodySize, provideServices(services), unsubscribe);
}
