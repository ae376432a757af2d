import { type RedactionBlock, type RedactPiiInput, redactPii } from '../../extract/redact.js';

/**
 * The `redact_pii` step of a tool: nothing when it was not asked for, else the redacted copy and the
 * block docs/reference/README.md#common-parameters requires (present even when nothing was found). Counters in `value` were taken before.
 */
export function redactIfRequested<T>(
  value: T,
  request: RedactPiiInput,
): { value: T; redaction?: RedactionBlock } {
  return request === false ? { value } : redactPii(value, request);
}

/** The whole result redacted, with `redaction` attached last, when `redact_pii` asked for it. */
export function withRedaction<T extends object>(
  data: T,
  request: RedactPiiInput,
): T & { redaction?: RedactionBlock } {
  const { value, redaction } = redactIfRequested(data, request);
  return redaction ? { ...value, redaction } : value;
}

/** docs/reference/README.md#common-parameters: the block is always present when redaction was asked for, stored or not. */
export function keptRedaction(data: { redaction?: RedactionBlock }): { redaction?: RedactionBlock } {
  return data.redaction ? { redaction: data.redaction } : {};
}
