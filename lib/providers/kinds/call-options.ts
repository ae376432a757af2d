/** What every provider call takes, whatever the provider's kind: a caller's abort and a deadline. */
export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs: number;
  /** Sees each HTTP answer's status and headers (the provider check reads rate-limit headers). */
  onResponse?: (status: number, headers: Headers) => void;
}
