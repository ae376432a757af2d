import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { afterAll, describe, expect, it } from 'vitest';
import { checkWithNagPacks } from './nag.js';

/**
 * The gate itself, on a one-queue stack: both packs run, a finding fails synth, and an
 * acknowledgement with its reason clears exactly the finding it names. (The whole stack passes
 * the same gate in the synth test, where `cdk synth` runs infra/app.ts.)
 */

const outdir = mkdtempSync(join(tmpdir(), 'nag-test-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

function synthQueue(acknowledge: string[]): () => void {
  const app = new App({ outdir: mkdtempSync(join(outdir, 'app-')) });
  const stack = new Stack(app, 'Nag', { env: { region: 'us-east-1' } });
  const queue = new Queue(stack, 'Plain');
  for (const id of acknowledge) Validations.of(queue).acknowledge({ id, reason: 'test' });
  checkWithNagPacks(app);
  return () => app.synth();
}

function violations(run: () => void): string[] {
  try {
    run();
  } catch (error) {
    const report = /found in: (\S+)/.exec(String(error))?.[1];
    if (!report) throw error;
    const parsed = JSON.parse(readFileSync(report, 'utf8')) as {
      pluginReports: Array<{ violations: Array<{ ruleName: string }> }>;
    };
    return parsed.pluginReports.flatMap((plugin) => plugin.violations.map((v) => v.ruleName)).sort();
  }
  return [];
}

describe('the cdk-nag gate', () => {
  it('fails synth on findings of both packs, naming each rule', () => {
    expect(violations(synthQueue([]))).toEqual([
      'AwsSolutions-SQS3',
      'AwsSolutions-SQS4',
      'Serverless-SQSRedrivePolicy',
    ]);
  });

  it('lets a synth through once every finding is acknowledged, and only the ones acknowledged', () => {
    expect(violations(synthQueue(['AwsSolutions-SQS3', 'AwsSolutions-SQS4']))).toEqual([
      'Serverless-SQSRedrivePolicy',
    ]);
    expect(
      violations(synthQueue(['AwsSolutions-SQS3', 'AwsSolutions-SQS4', 'Serverless-SQSRedrivePolicy'])),
    ).toEqual([]);
  });
});
