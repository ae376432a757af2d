import { createApp } from '../../lib/app/create-app.js';
import { startNodeServer } from '../../lib/app/node-server.js';
import { probeTool } from './probe-tool.js';
import { openTestServices } from './test-services.js';

/**
 * Serves the probe in its own process and prints its address: a call with `die_after_run` kills
 * this process after the tool ran and before the call paid, as a Lambda killed mid-call would be.
 */
const services = await openTestServices();
const app = createApp({ services, tools: [probeTool] });
const server = await startNodeServer(app, { port: 0, hostname: '127.0.0.1' });
process.stdout.write(`listening ${server.url}\n`);
