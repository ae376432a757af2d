import { openDatabase } from '../../lib/db/client.js';
import type { QueuedJob } from '../../lib/monitors/queue/jobs.js';
import { queueDueChecks } from '../../lib/monitors/schedule/sweeper.js';

/**
 * One sweep in a process of its own, as a cold sweeper Lambda runs it: nothing parsed or cached
 * before. Prints `{ms, jobs, phases}` for the monitors bench: find + claim + enqueue, the queue
 * counting what it is sent (what it costs to reach SQS is the queue's, measured apart), and where
 * the time went: loading the code (from the process's start, before the clock), the claim up to
 * the first batch handed to the queue, and the rest (the planner's claims of rows without a stored
 * slot, if any).
 */
const loadedMs = performance.now();
const handle = await openDatabase({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: '.data' });
let jobs = 0;
let firstSend: number | undefined;
const queue = {
  send: async (batch: QueuedJob[]) => {
    firstSend ??= performance.now();
    jobs += batch.length;
  },
};
// One query first, so the figure is the sweep's and not the connection's handshake.
await handle.db.execute('SELECT 1');
const started = performance.now();
await queueDueChecks(handle.db, queue, new Date(process.env.SWEEP_AT ?? Date.now()));
const ended = performance.now();
await handle.close();
const claimMs = (firstSend ?? ended) - started;
process.stdout.write(
  `${JSON.stringify({ ms: ended - started, jobs, phases: { loadedMs, claimMs, restMs: ended - started - claimMs } })}\n`,
);
