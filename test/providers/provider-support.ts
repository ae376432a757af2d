import { expect, vi } from 'vitest';
import { setLogLevel } from '../../lib/logger.js';
import type { CallResult } from '../support/harness.js';

/** Provider timeouts in tests: short, so a fake's slow answer fails fast. Production keeps its own. */
export const TEST_PROVIDER_TIMEOUT_MS = '400';
/** How long a fake's slow answer takes in tests: well past TEST_PROVIDER_TIMEOUT_MS. */
export const TEST_SLOW_MS = 2_000;

/** Everything the process writes to stdout and stderr while `run` runs (log lines included). */
export async function captureOutput<T>(run: () => Promise<T>): Promise<{ result: T; output: string }> {
  const lines: string[] = [];
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    lines.push(String(chunk));
    return true;
  });
  const log = vi.spyOn(console, 'log').mockImplementation((...args) => {
    lines.push(args.map(String).join(' '));
  });
  const err = vi.spyOn(console, 'error').mockImplementation((...args) => {
    lines.push(args.map(String).join(' '));
  });
  // The test services log nothing (LOG_LEVEL silent); what is captured here is meant to be read.
  setLogLevel('warn');
  try {
    const result = await run();
    return { result, output: lines.join('\n') };
  } finally {
    setLogLevel('silent');
    out.mockRestore();
    log.mockRestore();
    err.mockRestore();
  }
}

/** A secret never appears in a response body or headers. */
export function expectNoSecret(res: CallResult, ...secrets: string[]): void {
  const text = JSON.stringify(res.body) + JSON.stringify([...res.headers.entries()]);
  for (const secret of secrets) expect(text).not.toContain(secret);
}

/** 503 TOOL_NOT_AVAILABLE naming the variables that turn the tool on. */
export function expectNotConfigured(res: CallResult, ...variables: string[]): void {
  expect(res.status, JSON.stringify(res.body)).toBe(503);
  expect(res.body.error.code).toBe('TOOL_NOT_AVAILABLE');
  for (const variable of variables) expect(res.body.error.message).toContain(variable);
}
