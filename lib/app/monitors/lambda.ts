import { handle } from 'hono/aws-lambda';
import { parseConfig } from '../../env.js';
import { createApp } from '../create-app.js';
import { openServices } from '../open-services.js';
import { mountMonitorRoutes } from './routes.js';

/** The monitors API's Lambda: the same chain as the dev server, with only the monitor routes. */
export function monitorsApiHandler() {
  const services = openServices(parseConfig());
  services.catch((error) => console.error(JSON.stringify({ level: 'error', message: String(error) })));
  return handle(createApp({ services, tools: [], mounts: [mountMonitorRoutes] }));
}
