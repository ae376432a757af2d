import { monitorsApiHandler } from '../lib/app/monitors/lambda.js';

export const handler = monitorsApiHandler();
