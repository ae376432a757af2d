import { APITimeoutError } from './errors.js';

/** Every item of a cursor-paged list (`data` and `next_cursor`), fetching the next page as the loop needs it. */
export async function* everyItem<T>(
  page: (cursor: string | undefined) => Promise<{ data: T[]; next_cursor: string | null }>,
): AsyncGenerator<T> {
  let cursor: string | undefined;
  do {
    const answer = await page(cursor);
    yield* answer.data;
    cursor = answer.next_cursor ?? undefined;
  } while (cursor);
}

/** Every result of a numbered-page list (`results`, `page`, `total_pages` in `data`), from page 1. */
export async function* everyNumberedItem<T>(
  page: (number: number) => Promise<{ data: { results: T[]; page: number; total_pages: number } }>,
): AsyncGenerator<T> {
  for (let number = 1; ; number += 1) {
    const answer = await page(number);
    yield* answer.data.results;
    if (answer.data.page >= answer.data.total_pages) return;
  }
}

export interface WaitOptions {
  /** Between two reads; default 2000 ms. */
  intervalMs?: number;
  /** Give up (APITimeoutError) after this long; default 300000 ms. */
  timeoutMs?: number;
}

/** Reads until `done` says so, `intervalMs` apart, or throws APITimeoutError after `timeoutMs`. */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { intervalMs = 2_000, timeoutMs = 300_000 }: WaitOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() + intervalMs > deadline) throw new APITimeoutError(`Still running after ${timeoutMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
