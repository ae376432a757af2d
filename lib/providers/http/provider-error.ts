/**
 * What went wrong at a third party, in words a tool can map to docs/reference/README.md#errors-every-tool-can-answer's codes. The message
 * names the provider and what it answered, never a key or a login: `scrubSecrets` runs over
 * anything the provider wrote before it reaches a message.
 */
export type ProviderFailureKind =
  /** No answer within the call's own timeout (or the function budget ran out). */
  | 'timeout'
  /** Connection refused or reset, DNS failure: nothing answered. */
  | 'unreachable'
  /** 429, an exhausted quota or balance. */
  | 'rate_limited'
  /** The key or login was refused. */
  | 'auth'
  /** The provider refused the request as invalid (an unknown location, an unsupported option). */
  | 'rejected'
  /** The named thing does not exist there (a model that was never pulled). */
  | 'not_found'
  /** A 5xx, or an error status not otherwise classified. */
  | 'upstream'
  /** A success status whose body is not what the provider documents. */
  | 'malformed';

export interface ProviderErrorOptions {
  status?: number;
  /** Seconds the provider asked us to wait, when it said so. */
  retryAfterSeconds?: number;
  /** The request field the provider rejected, when it named one. */
  field?: string;
  cause?: unknown;
}

export class ProviderError extends Error {
  readonly provider: string;
  readonly kind: ProviderFailureKind;
  readonly status?: number;
  readonly retryAfterSeconds?: number;
  readonly field?: string;

  constructor(
    provider: string,
    kind: ProviderFailureKind,
    message: string,
    options: ProviderErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'ProviderError';
    this.provider = provider;
    this.kind = kind;
    this.status = options.status;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.field = options.field;
  }
}

const MAX_DETAIL_CHARS = 240;

/**
 * A provider's own wording, made safe to repeat: every configured secret (and its Basic-auth form)
 * replaced, whitespace collapsed, cut to a sentence-sized length.
 */
export function scrubSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let clean = text;
  for (const secret of secrets) {
    if (!secret || secret.length < 4) continue;
    clean = clean.split(secret).join('[redacted]');
  }
  clean = clean.replace(/\s+/g, ' ').trim();
  return clean.length > MAX_DETAIL_CHARS ? `${clean.slice(0, MAX_DETAIL_CHARS - 1)}…` : clean;
}

/** Classifies an HTTP error status the way every adapter does unless its error body says more. */
export function kindOfStatus(status: number): ProviderFailureKind {
  if (status === 429 || status === 402) return 'rate_limited';
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not_found';
  if (status === 408 || status === 504) return 'timeout';
  // Unavailable or overloaded (Anthropic's 529): the service is there but cannot take the call.
  if (status === 503 || status === 529) return 'unreachable';
  if (status >= 400 && status < 500) return 'rejected';
  return 'upstream';
}
