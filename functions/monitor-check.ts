import { checkWorkerHandler } from '../lib/monitors/entry-points.js';

/** SQS: one scheduled check or a few webhook retries per message. */
export const handler = checkWorkerHandler();
