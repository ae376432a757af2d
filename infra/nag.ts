import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import type { Construct } from 'constructs';

/**
 * AWS's own checks over the stack, cdk-nag's AWS Solutions and Serverless packs, at every synth:
 * an unacknowledged finding fails `cdk synth` (and so the synth test) with the rule and the
 * construct. Every acknowledgement sits beside the construct it excuses, with its reason.
 */
export function checkWithNagPacks(app: Construct): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
}
