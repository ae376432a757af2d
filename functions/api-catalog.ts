import { catalogHandler } from '../lib/app/lambda.js';
import { serviceRoutes } from '../lib/app/service-routes.js';
import { readBundledDashboard } from '../lib/dashboard/assets.js';
import { mountDashboard } from '../lib/dashboard/mount.js';
import { tools } from '../lib/tools/registry.js';

// API Gateway's default route: it documents every service route and serves those without a route
// of their own (GET /api/v1/usage, /api/v1/keys) and the dashboard, whose files infra copies
// beside this bundle; monitor calls go to the monitors Lambda's more specific route.
export const handler = catalogHandler(tools, [...serviceRoutes, mountDashboard(readBundledDashboard())]);
