import type { AppOptions } from './create-app.js';
import { mountMonitorRoutes } from './monitors/routes.js';

/**
 * The routes the service serves beside the tools. The dev server mounts them to serve them, the
 * catalog Lambda for their place in /openapi.json, the client generator to write their methods:
 * one list, so none of the three can miss one.
 */
export const serviceRoutes: NonNullable<AppOptions['mounts']> = [mountMonitorRoutes];
