import type { TimingVariables } from 'hono/timing';
import type { Caller } from '../auth/verify-key.js';
import type { Services } from '../services.js';

/** Hono's per-request variables, set by the middleware chain in order. */
export interface AppEnv {
  Variables: TimingVariables & {
    requestId: string;
    startedAt: number;
    services: Services;
    /** The request's JSON object, read once by the body middleware. */
    body: Record<string, unknown>;
    caller: Caller;
    /**
     * The rate decision when the call went on before it arrived (see middleware/rate-limit.ts):
     * rejects with the 429. Unset when the decision was awaited before the body was read.
     */
    rateVerdict?: Promise<void>;
    /** Set once a ledger statement wrote the call's request-log row (middleware/request-log.ts). */
    requestLogged?: boolean;
  };
}
