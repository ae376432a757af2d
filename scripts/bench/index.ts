import { runExtractionBench } from './extraction.js';
import { runGatewayBench } from './gateway.js';

/** `npm run bench`: every benchmark, each printing its own figures beside a same-run baseline. */
await runGatewayBench();
await runExtractionBench();
