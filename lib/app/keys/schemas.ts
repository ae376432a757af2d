import { z } from '@hono/zod-openapi';
import type { AccountKey } from '../../auth/account-keys.js';
import { envelope } from '../monitors/schemas.js';

/** Bodies and answers of /api/v1/keys, for the routes and /openapi.json. */

export const createKeySchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .openapi({ example: 'CI pipeline', description: 'A label to tell keys apart; 1–100 characters.' }),
  })
  .openapi('CreateApiKey');

const timestamp = z.string().openapi({ format: 'date-time', example: '2026-03-02T09:00:00.000Z' });

const keyFields = {
  id: z.string().openapi({ example: 'key_01JQ3Z8V5K2M7N9P4R6T' }),
  name: z.string().nullable(),
  hint: z
    .string()
    .openapi({ example: 'wxk_AbCd…9xYz', description: 'The first and last characters, never the key.' }),
  status: z.enum(['active', 'revoked']),
  created_at: timestamp,
  last_used_at: timestamp.nullable().openapi({ description: 'The key’s last metered tool call.' }),
  revoked_at: timestamp.nullable(),
};

const apiKeySchema = z.object(keyFields).openapi('ApiKey');

const issuedKeySchema = z
  .object({
    ...keyFields,
    key: z.string().openapi({
      example: 'wxk_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789xYz',
      description: 'The key itself: shown in this answer only, never again.',
    }),
  })
  .openapi('IssuedApiKey');

export const keyListSchema = envelope(
  z.array(apiKeySchema).openapi({ description: 'Every key of the account, revoked ones too, newest first.' }),
  'ApiKeyList',
);
export const keyResponseSchema = envelope(apiKeySchema, 'ApiKeyResponse');
export const issuedKeyResponseSchema = envelope(issuedKeySchema, 'IssuedApiKeyResponse');

export function keyView(key: AccountKey): z.infer<typeof apiKeySchema> {
  return {
    id: key.id,
    name: key.name,
    hint: key.hint,
    status: key.revokedAt ? 'revoked' : 'active',
    created_at: key.createdAt.toISOString(),
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    revoked_at: key.revokedAt?.toISOString() ?? null,
  };
}
