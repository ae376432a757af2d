/** What every provider call is given, whatever its kind: the caller's abort signal and its time budget. */
export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs: number;
}
