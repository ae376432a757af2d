import { catalogHandler } from '../lib/app/lambda.js';
import { tools } from '../lib/tools/registry.js';

export const handler = catalogHandler(tools);
