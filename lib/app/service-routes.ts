import type { AppOptions } from './create-app.js';
import { mountKeyRoutes } from './keys/routes.js';
import { mountMonitorRoutes } from './monitors/routes.js';
import { mountRequestRoutes } from './requests/routes.js';
import { mountUsageRoutes } from './usage/routes.js';

/**
 * The routes the service serves beside the tools. The dev server mounts them to serve them, the
 * catalog Lambda (API Gateway's default route) to document them all and serve those without a
 * route of their own (usage, keys, requests), the client generator to write their methods: one list, so none of
 * the three can miss one.
 */
export const serviceRoutes: NonNullable<AppOptions['mounts']> = [
  mountMonitorRoutes,
  mountUsageRoutes,
  mountKeyRoutes,
  mountRequestRoutes,
];
