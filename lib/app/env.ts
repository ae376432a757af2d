import type { Caller } from '../auth/verify-key.js';
import type { Services } from './services.js';

/** Hono's per-request variables, set by the middleware chain in order. */
export interface AppEnv {
  Variables: {
    requestId: string;
    startedAt: number;
    services: Services;
    caller: Caller;
  };
}
