import { z } from '@hono/zod-openapi';
import { ApiError } from '../../lib/errors/api-error.js';
import type { ErrorCode } from '../../lib/errors/codes.js';
import { defineTool } from '../../lib/tools/define.js';

/** How many times the probe ran in this process: a call that answered 402 after running counts. */
export const probeRuns = { count: 0 };

/**
 * A tool that exists only in tests: it fails, charges less than it held, waits or succeeds on
 * request, so the platform's every branch can be driven through real HTTP.
 */
export const probeTool = defineTool({
  name: 'probe',
  kind: 'pages',
  summary: 'Test probe',
  description: 'Drives the metered call through each of its branches.',
  price: (input: { hold: number }) => input.hold,
  holdCeiling: (input: { hold: number; ceiling?: number }) => input.ceiling ?? input.hold,
  chargesAfterRun: (input: { after_run: boolean }) => input.after_run,
  basePrice: 2,
  schema: z.object({
    hold: z.number().int().min(0).max(100).default(2),
    ceiling: z.number().int().min(0).max(100).optional(),
    charge: z.number().int().min(0).optional(),
    fail_with: z.string().optional(),
    crash: z.boolean().default(false),
    /** Run first and pay after, in one statement (the metering of tools with no outside cost). */
    after_run: z.boolean().default(false),
    /** Kill this process with SIGKILL once the tool has run, before the call pays. */
    die_after_run: z.boolean().default(false),
    delay_ms: z.number().int().min(0).max(5000).default(0),
    warn: z.string().optional(),
    size: z.number().int().min(0).max(20_000_000).default(0),
    max_inline_chars: z.number().int().min(1000).max(10_000_000).default(40_000),
  }),
  result: z.object({ ok: z.literal(true), held: z.number().int(), filler: z.string() }),
  example: { hold: 2 },
  async run(ctx, input) {
    if (input.delay_ms > 0) await new Promise((resolve) => setTimeout(resolve, input.delay_ms));
    if (input.warn) ctx.warn(input.warn);
    probeRuns.count += 1;
    if (input.crash) throw new Error('probe crashed');
    if (input.fail_with)
      throw new ApiError(input.fail_with as ErrorCode, `probe failed with ${input.fail_with}`);
    if (input.die_after_run) process.kill(process.pid, 'SIGKILL');
    return {
      data: { ok: true, held: ctx.heldCredits, filler: 'x'.repeat(input.size) },
      credits: input.charge,
    };
  },
});
