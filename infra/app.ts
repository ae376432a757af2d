import { App } from 'aws-cdk-lib';
import { checkWithNagPacks } from './nag.js';
import { ExtractionServiceStack } from './stack.js';

// Synth needs no AWS account: no lookups, and the region falls back so `cdk synth` runs offline.
const app = new App();
new ExtractionServiceStack(app, 'WebExtractionService', {
  env: {
    account: process.env.CDK_DEFAULT_ACCOUNT,
    region: process.env.CDK_DEFAULT_REGION ?? 'us-east-1',
  },
});
checkWithNagPacks(app);
