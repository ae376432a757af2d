/** What every provider call takes, whatever the provider's kind: a caller's abort and a deadline. */
export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs: number;
}
