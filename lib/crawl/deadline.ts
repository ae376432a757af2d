/**
 * A time budget fixed when the work starts. Crawls and batches check it before starting each fetch
 * and give every fetch at most what is left, so the call returns inside its function window.
 */
export class Deadline {
  readonly at: number;

  constructor(
    readonly budgetMs: number,
    readonly startedAt = Date.now(),
  ) {
    this.at = startedAt + budgetMs;
  }

  remaining(): number {
    return Math.max(0, this.at - Date.now());
  }

  expired(): boolean {
    return Date.now() >= this.at;
  }

  /** The timeout of one fetch: its own cap, cut to what is left of the budget. */
  fetchTimeout(capMs: number): number {
    return Math.min(capMs, this.remaining());
  }

  elapsed(): number {
    return Date.now() - this.startedAt;
  }
}
