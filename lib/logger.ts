import { AsyncLocalStorage } from 'node:async_hooks';
import { type LogLevel, readLogLevel } from './env.js';

type Level = Exclude<LogLevel, 'silent'>;
const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };
let threshold = order[readLogLevel()];

/** The parsed configuration's LOG_LEVEL; openServices applies it, so a test's `silent` holds too. */
export function setLogLevel(level: LogLevel): void {
  threshold = order[level];
}

/** Fields every line logged inside one request carries, however deep the call that logs it. */
const requestFields = new AsyncLocalStorage<Record<string, unknown>>();

/** Runs `work` with `fields` (the request id) on each line it logs: the request-scoped logger. */
export function withLogFields<T>(fields: Record<string, unknown>, work: () => T): T {
  return requestFields.run(fields, work);
}

/** One JSON line per event: what CloudWatch and a terminal both read well. */
function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (order[level] < threshold) return;
  const line = JSON.stringify({
    level,
    time: new Date().toISOString(),
    message,
    ...requestFields.getStore(),
    ...fields,
  });
  if (level === 'error' || level === 'warn') console.error(line);
  else console.log(line);
}

export const logger = {
  debug: (message: string, fields?: Record<string, unknown>) => log('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => log('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => log('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => log('error', message, fields),
};
