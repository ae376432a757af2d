import { startFakeSqs } from '../../test/monitors/clocked/fake-sqs.js';

/**
 * A loopback SQS (SendMessageBatch as the SDK speaks it) in a process of its own, so the monitors
 * bench measures the sending side's CPU alone. Prints its endpoint, then serves until killed.
 */
const fake = await startFakeSqs();
process.stdout.write(`${fake.endpoint}\n`);
