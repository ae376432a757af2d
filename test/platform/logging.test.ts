import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../lib/app/create-app.js';
import { readLogLevel } from '../../lib/env.js';
import { logger, setLogLevel } from '../../lib/logger.js';
import { openTestServices } from '../support/test-services.js';

/** The JSON lines the logger wrote to stderr (warn and error) while `work` ran. */
async function loggedLines(work: () => Promise<unknown>): Promise<Array<Record<string, unknown>>> {
  const lines: string[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((line: unknown) => {
    lines.push(String(line));
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('logger', () => {
  afterEach(() => setLogLevel('silent'));

  it('stamps every line logged inside a request with its request id, however deep the call', async () => {
    setLogLevel('info');
    // A route standing in for deep code (a provider adapter, a store) that logs without being handed the id.
    const deep = async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      logger.warn('deep in the call', { step: 2 });
    };
    const app = createApp({
      services: new Promise(() => {}),
      tools: [],
      mounts: [
        (routes) =>
          routes.get('/probe', async (c) => {
            logger.warn('at the route');
            await deep();
            return c.text('ok');
          }),
      ],
    });
    let requestId: string | null = null;
    const lines = await loggedLines(async () => {
      const response = await app.request('/probe');
      requestId = response.headers.get('X-Request-Id');
    });
    expect(requestId).toMatch(/^req_/);
    expect(lines.map((line) => [line.message, line.requestId])).toEqual([
      ['at the route', requestId],
      ['deep in the call', requestId],
    ]);
    expect(lines[1].step).toBe(2);

    const outside = await loggedLines(async () => logger.warn('between requests'));
    expect(outside[0].requestId).toBeUndefined();
  });

  it('takes its level from the parsed configuration when services open', async () => {
    setLogLevel('info');
    const services = await openTestServices({ LOG_LEVEL: 'error' });
    try {
      const lines = await loggedLines(async () => {
        logger.warn('below the level');
        logger.error('at the level');
      });
      expect(lines.map((line) => line.message)).toEqual(['at the level']);
    } finally {
      await services.close();
    }
  });

  it('reads LOG_LEVEL with the configuration schema before anything is parsed', () => {
    expect(readLogLevel({ LOG_LEVEL: 'debug' })).toBe('debug');
    expect(readLogLevel({})).toBe('info');
    // parseConfig refuses a bad value; until then the logger keeps the default.
    expect(readLogLevel({ LOG_LEVEL: 'loud' })).toBe('info');
  });
});
