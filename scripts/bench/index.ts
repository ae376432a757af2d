import { runApiPathBench } from './api-path.js';
import { runBrowserBench } from './browser.js';
import { runColdStartBench } from './cold-start.js';
import { runExtractionBench } from './extraction.js';
import { runGatewayBench } from './gateway.js';
import { runHostileInputBench } from './hostile-input.js';
import { runLargePageBench } from './large-page.js';
import { runMainContentQuality, runModernWebQuality } from './main-content-quality.js';
import { runMonitorsBench } from './monitors.js';
import { runResearchBench } from './research.js';
import { runSiteBench } from './site.js';
import { runTitleQuality } from './title-quality.js';

/** `npm run bench`: every benchmark, each printing its own figures beside a same-run baseline. */
await runGatewayBench();
await runExtractionBench();
runMainContentQuality();
runHostileInputBench();
runModernWebQuality();
runTitleQuality();
await runApiPathBench();
await runLargePageBench();
await runColdStartBench();
await runResearchBench();
await runSiteBench();
await runMonitorsBench();
await runBrowserBench();
