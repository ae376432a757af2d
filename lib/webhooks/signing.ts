import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * Standard Webhooks (the scheme Svix and others share): HMAC-SHA256 over `id.timestamp.body`,
 * sent as `webhook-id`, `webhook-timestamp` and `webhook-signature: v1,<base64>`. A receiver
 * verifies with the `standardwebhooks` package, which also refuses timestamps over five minutes
 * old, so every attempt is signed afresh with the time it is sent.
 */

const PREFIX = 'whsec_';

/** `whsec_` + base64 of 32 random bytes: the form Standard Webhooks libraries read directly. */
export function generateWebhookSecret(): string {
  return `${PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * A `whsec_` secret carries its key in base64, as the standard says; any other secret is the key's
 * bytes as written (a receiver passes it with `{ format: 'raw' }`).
 */
function signerFor(secret: string): Webhook {
  return secret.startsWith(PREFIX) ? new Webhook(secret) : new Webhook(secret, { format: 'raw' });
}

/** Why a secret cannot sign, or null: a `whsec_` secret must carry base64 after its prefix. */
export function webhookSecretProblem(secret: string): string | null {
  if (!secret.startsWith(PREFIX)) return null;
  const key = secret.slice(PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(key) || key.length % 4 !== 0) {
    return 'a whsec_ secret must be followed by base64 (or use a secret without the whsec_ prefix)';
  }
  return null;
}

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export function signDelivery(secret: string, id: string, body: string, at: Date): SignedHeaders {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signerFor(secret).sign(id, at, body),
  };
}
