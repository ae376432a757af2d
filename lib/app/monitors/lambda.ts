import { handle } from 'hono/aws-lambda';
import { openServicesAtColdStart } from '../../open-services.js';
import { createApp } from '../create-app.js';
import { mountMonitorRoutes } from './routes.js';

/** The monitors API's Lambda: the same chain as the dev server, with only the monitor routes. */
export function monitorsApiHandler() {
  const services = openServicesAtColdStart();
  return handle(createApp({ services, tools: [], mounts: [mountMonitorRoutes] }));
}
