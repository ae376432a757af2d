import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { createApp } from '../../../lib/app/create-app.js';
import type { AppEnv } from '../../../lib/app/env.js';
import { authenticate } from '../../../lib/app/middleware/authenticate.js';
import { provideServices } from '../../../lib/app/middleware/services.js';
import { issuesToDetails } from '../../../lib/app/validate-input.js';
import { ApiError, validationError } from '../../../lib/errors/api-error.js';
import type { Services } from '../../../lib/services.js';
import { tools } from '../../../lib/tools/registry.js';
import type { OpenApiDocument } from '../../../scripts/clients/operations.js';

/**
 * A small stand-in for the monitors API (docs/reference/monitors.md#endpoints), only as far as the clients need it:
 * routes of the same shapes (path parameter, query parameters, a JSON body, 201, DELETE) registered
 * the way the real ones are, through @hono/zod-openapi, so they reach /openapi.json and from there
 * the generated clients. Monitors live in memory, per account; nothing is fetched or charged.
 */
const Target = z.object({ url: z.string().url(), selector: z.string().optional() }).openapi('MonitorTarget');
const Monitor = z
  .object({
    id: z.string(),
    name: z.string(),
    targets: z.array(Target),
    schedule_cron: z.string(),
    status: z.enum(['active', 'paused']),
  })
  .openapi('Monitor');
const MonitorInput = z.object({
  name: z.string().min(1).max(80).openapi({ description: 'Monitor name, 1 to 80 characters.' }),
  targets: z.array(Target).min(1).max(20),
  schedule_cron: z.string().default('0 * * * *'),
});
const IdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });
const errorBody = z.object({
  success: z.literal(false),
  error: z.object({ code: z.string(), message: z.string() }),
});
const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const notFound = { 404: json(errorBody, 'Unknown monitor') };

const routes = {
  create: createRoute({
    method: 'post',
    path: '/api/v1/monitors',
    operationId: 'createMonitor',
    summary: 'Create a monitor',
    request: { body: { required: true, content: { 'application/json': { schema: MonitorInput } } } },
    responses: { 201: json(z.object({ success: z.literal(true), data: Monitor }), 'Created') },
  }),
  list: createRoute({
    method: 'get',
    path: '/api/v1/monitors',
    operationId: 'listMonitors',
    summary: 'List monitors',
    request: {
      query: z.object({
        limit: z.coerce.number().int().min(1).max(100).optional(),
        cursor: z.string().optional(),
      }),
    },
    responses: {
      200: json(
        z.object({ success: z.literal(true), data: z.array(Monitor), next_cursor: z.string().nullable() }),
        'A page of monitors',
      ),
    },
  }),
  get: createRoute({
    method: 'get',
    path: '/api/v1/monitors/{id}',
    operationId: 'getMonitor',
    summary: 'Get a monitor',
    request: { params: IdParam },
    responses: {
      200: json(z.object({ success: z.literal(true), data: Monitor }), 'The monitor'),
      ...notFound,
    },
  }),
  update: createRoute({
    method: 'patch',
    path: '/api/v1/monitors/{id}',
    operationId: 'updateMonitor',
    summary: 'Update a monitor',
    request: {
      params: IdParam,
      body: {
        required: true,
        content: {
          'application/json': {
            schema: MonitorInput.partial().extend({ status: z.enum(['active', 'paused']).optional() }),
          },
        },
      },
    },
    responses: { 200: json(z.object({ success: z.literal(true), data: Monitor }), 'Updated'), ...notFound },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/api/v1/monitors/{id}',
    operationId: 'deleteMonitor',
    summary: 'Delete a monitor',
    request: { params: IdParam },
    responses: {
      200: json(
        z.object({ success: z.literal(true), data: z.object({ id: z.string(), deleted: z.literal(true) }) }),
        'Deleted',
      ),
      ...notFound,
    },
  }),
};

type StoredMonitor = z.infer<typeof Monitor>;

/** Invalid input answers the service's own 400 envelope, with `details`. */
// biome-ignore lint/suspicious/noExplicitAny: the hook's result type differs per route
const hook = (result: { success: boolean; error?: any }): undefined => {
  if (!result.success) throw validationError('Invalid parameters.', issuesToDetails(result.error.issues));
  return undefined;
};

export function registerMonitorShapedRoutes(
  app: OpenAPIHono<AppEnv>,
  services: Services | Promise<Services>,
): void {
  const byAccount = new Map<string, Map<string, StoredMonitor>>();
  let sequence = 0;
  const monitorsOf = (accountId: string) => {
    if (!byAccount.has(accountId)) byAccount.set(accountId, new Map());
    return byAccount.get(accountId)!;
  };
  const find = (accountId: string, id: string) => {
    const monitor = monitorsOf(accountId).get(id);
    if (!monitor) throw new ApiError('NOT_FOUND', `No monitor "${id}".`);
    return monitor;
  };
  app.use('/api/v1/monitors', provideServices(services), authenticate);
  app.use('/api/v1/monitors/*', provideServices(services), authenticate);

  app.openapi(
    routes.create,
    (c) => {
      sequence += 1;
      const monitor: StoredMonitor = { id: `mon_${sequence}`, status: 'active', ...c.req.valid('json') };
      monitorsOf(c.get('caller').account.id).set(monitor.id, monitor);
      return c.json({ success: true as const, data: monitor }, 201);
    },
    hook,
  );
  app.openapi(
    routes.list,
    (c) => {
      const { limit = 20, cursor } = c.req.valid('query');
      const all = [...monitorsOf(c.get('caller').account.id).values()];
      const start = cursor ? all.findIndex((monitor) => monitor.id === cursor) + 1 : 0;
      const page = all.slice(start, start + limit);
      const next = start + limit < all.length ? page.at(-1)!.id : null;
      return c.json({ success: true as const, data: page, next_cursor: next }, 200);
    },
    hook,
  );
  app.openapi(
    routes.get,
    (c) =>
      c.json(
        { success: true as const, data: find(c.get('caller').account.id, c.req.valid('param').id) },
        200,
      ),
    hook,
  );
  app.openapi(
    routes.update,
    (c) => {
      const monitor = find(c.get('caller').account.id, c.req.valid('param').id);
      Object.assign(monitor, c.req.valid('json'));
      return c.json({ success: true as const, data: monitor }, 200);
    },
    hook,
  );
  app.openapi(
    routes.remove,
    (c) => {
      const { id } = c.req.valid('param');
      find(c.get('caller').account.id, id);
      monitorsOf(c.get('caller').account.id).delete(id);
      return c.json({ success: true as const, data: { id, deleted: true as const } }, 200);
    },
    hook,
  );
}

/** The document of the registry plus these routes, built without a database (as the generator does). */
export async function monitorShapedDocument(): Promise<OpenApiDocument> {
  const services = new Promise<Services>(() => {});
  const app = createApp({ services, tools, withDocuments: true });
  registerMonitorShapedRoutes(app, services);
  return (await (await app.request('http://localhost/openapi.json')).json()) as OpenApiDocument;
}
