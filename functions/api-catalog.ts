import { catalogHandler } from '../lib/app/lambda.js';
import { serviceRoutes } from '../lib/app/service-routes.js';
import { tools } from '../lib/tools/registry.js';

// The service's other routes are mounted for their place in /openapi.json; their calls go to their own Lambdas.
export const handler = catalogHandler(tools, serviceRoutes);
