import { z } from '@hono/zod-openapi';
import { envelope } from '../monitors/schemas.js';

/** The answer of GET /api/v1/usage: what lib/app/usage/read-usage.ts returns, for /openapi.json. */

const toolUsageSchema = z
  .object({
    tool: z
      .string()
      .openapi({ example: 'scrape', description: 'Tool name; monitor checks are `track_changes`.' }),
    credits: z.number().int().openapi({ example: 12 }),
    calls: z
      .number()
      .int()
      .openapi({ example: 4, description: 'Settled calls, failed ones (0 credits) included.' }),
  })
  .openapi('ToolUsage');

const dayUsageSchema = z
  .object({
    date: z.string().openapi({ format: 'date', example: '2026-03-02', description: 'UTC day.' }),
    credits: z.number().int(),
    calls: z.number().int(),
    tools: z
      .array(toolUsageSchema)
      .openapi({ description: 'The tools called that day; empty on a day without calls.' }),
  })
  .openapi('DayUsage');

const monitorUsageSchema = z
  .object({
    monitor_id: z.string().openapi({ example: 'mon_01JQ3Z8V5K2M7N9P4R6T' }),
    name: z
      .string()
      .nullable()
      .openapi({ example: 'Shop pricing', description: 'The monitor’s name; null once it is deleted.' }),
    credits: z.number().int().openapi({ example: 42 }),
    calls: z
      .number()
      .int()
      .openapi({ example: 14, description: 'Checks that settled, failed ones (0 credits) included.' }),
  })
  .openapi('MonitorUsage');

export const usageSchema = z
  .object({
    from: z.string().openapi({ format: 'date', example: '2026-03-01' }),
    to: z.string().openapi({ format: 'date', example: '2026-03-30' }),
    balance: z.number().int().openapi({ example: 880, description: 'Spendable credits now.' }),
    plan: z.string().openapi({ example: 'hobby' }),
    credits: z.number().int().openapi({ description: 'Credits used over the range.' }),
    calls: z.number().int().openapi({ description: 'Calls over the range.' }),
    tools: z
      .array(toolUsageSchema)
      .openapi({ description: 'Totals per tool over the range, most credits first.' }),
    days: z
      .array(dayUsageSchema)
      .openapi({ description: 'Every day of the range, in order, zeros included.' }),
    by_monitor: z.array(monitorUsageSchema).openapi({
      description:
        'The monitors’ share of the range (their checks are `track_changes` in `tools`), most credits first; only monitors with checks in the range.',
    }),
  })
  .openapi('Usage');

export const usageResponseSchema = envelope(usageSchema, 'UsageResponse');
