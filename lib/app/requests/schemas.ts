import { z } from '@hono/zod-openapi';
import { pageQuerySchema } from '../../monitors/api/input.js';
import { listEnvelope } from '../monitors/schemas.js';

/** The query and answer of GET /api/v1/requests, for the route and /openapi.json. */

export const REQUEST_STATUS_FILTERS = ['ok', 'error', '4xx', '5xx'] as const;

export const requestsQuerySchema = pageQuerySchema.extend({
  tool: z
    .string()
    .regex(/^[a-z0-9_]{1,64}$/, 'must be a tool name, such as scrape')
    .optional()
    .openapi({ description: 'Only calls of this tool.', example: 'scrape' }),
  status: z
    .enum(REQUEST_STATUS_FILTERS, { error: `must be one of ${REQUEST_STATUS_FILTERS.join(', ')}` })
    .optional()
    .openapi({
      description:
        '`ok`: calls that answered 2xx; `error`: every other; `4xx`: refused (bad input, rate limit, credits); `5xx`: failed on our side or the target’s.',
      example: 'error',
    }),
});

export type RequestsQuery = z.output<typeof requestsQuerySchema>;

const loggedRequestSchema = z
  .object({
    request_id: z
      .string()
      .openapi({ example: 'req_01JQ3Z8V5K2M7N9P4R6TWXYZAB', description: 'The call’s `X-Request-Id`.' }),
    tool: z.string().openapi({ example: 'scrape' }),
    status: z.number().int().openapi({ example: 504, description: 'The HTTP status the call answered.' }),
    error_code: z
      .string()
      .nullable()
      .openapi({ example: 'FETCH_TIMEOUT', description: 'The error’s code; null on success.' }),
    credits: z
      .number()
      .int()
      .openapi({ example: 0, description: 'Credits charged: 0 for every call that did not succeed.' }),
    duration_ms: z.number().int().openapi({ example: 30012 }),
    api_key_id: z
      .string()
      .openapi({ example: 'key_01JQ3Z8V5K2M7N9P4R6T', description: 'The key that made it.' }),
    created_at: z.string().openapi({
      format: 'date-time',
      example: '2026-03-02T09:00:00.000Z',
      description: 'When it was answered.',
    }),
  })
  .openapi('LoggedRequest');

export type LoggedRequest = z.infer<typeof loggedRequestSchema>;

export const requestPageSchema = listEnvelope(loggedRequestSchema, 'RequestLogPage');
