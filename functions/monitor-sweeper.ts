import { sweeperHandler } from '../lib/monitors/entry-points.js';

/** EventBridge, every five minutes: due checks to the queue, retries, stale checks and holds, retention. */
export const handler = sweeperHandler();
