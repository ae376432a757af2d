import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from '@hono/zod-openapi';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { toolPath } from '../lib/app/self-description.js';
import type { AnyToolSchema, ToolDefinition } from '../lib/tools/define.js';
import { tools as registry } from '../lib/tools/registry.js';
import { CONTEXT, DEFAULT_SECRET_NAME, ExtractionServiceStack, PROJECT_ROOT } from './stack.js';

// Without an outdir every App leaves a cdk.out folder behind in the system temp directory.
const outdir = mkdtempSync(join(tmpdir(), 'stack-test-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/** An empty bundling-stacks list skips esbuild: these tests read the template, not the bundles. */
function synth(
  props: ConstructorParameters<typeof ExtractionServiceStack>[2] = {},
  context: Record<string, unknown> = {},
) {
  const app = new App({
    outdir: mkdtempSync(join(outdir, 'app-')),
    context: { 'aws:cdk:bundling-stacks': [], ...context },
  });
  const stack = new ExtractionServiceStack(app, 'Test', { env: { region: 'us-east-1' }, ...props });
  return Template.fromStack(stack);
}

const fakeTool = (name: string): ToolDefinition<AnyToolSchema> => ({
  name,
  summary: `fake ${name}`,
  description: 'Exists only to count what the stack makes per tool.',
  price: 1,
  basePrice: 1,
  schema: z.object({}),
  example: {},
  run: async () => ({ data: {} }),
});

// Three tools the registry does not hold, so the per-tool wiring is counted even while the
// registry is short. With bundling skipped an entry only has to exist: any file under the repo does.
const fakeTools = ['alpha_tool', 'beta_tool', 'gamma_tool'].map(fakeTool);
const anyExistingEntry = () => `${PROJECT_ROOT}/functions/stale-hold-sweeper.ts`;

describe.each([
  { label: 'the registry', tools: registry, props: {} },
  { label: 'three fake tools', tools: fakeTools, props: { tools: fakeTools, toolEntry: anyExistingEntry } },
])('the stack built from $label', ({ tools, props }) => {
  const template = synth(props);

  it('makes one Lambda per tool plus the catalog and the stale-hold sweeper, and nothing else that runs code', () => {
    template.resourceCountIs('AWS::Lambda::Function', tools.length + 2);
    template.resourceCountIs('Custom::LogRetention', 0);
  });

  it('runs every function on nodejs22.x, arm64, with a month of logs', () => {
    const functions = Object.values(template.findResources('AWS::Lambda::Function'));
    for (const fn of functions) {
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
      });
    }
    const logGroups = Object.values(template.findResources('AWS::Logs::LogGroup'));
    expect(logGroups).toHaveLength(tools.length + 2);
    for (const group of logGroups) expect(group.Properties.RetentionInDays).toBe(30);
  });

  it('gives each tool 30 s and 1024 MB, production settings and the Neon driver', () => {
    for (const tool of tools) {
      template.hasResourceProperties('AWS::Lambda::Function', {
        Description: Match.stringLikeRegexp(`^${tool.name}: `),
        Timeout: 30,
        MemorySize: 1024,
        Environment: {
          Variables: Match.objectLike({
            NODE_ENV: 'production',
            DATABASE_DRIVER: 'neon',
            DATABASE_URL: `{{resolve:secretsmanager:${DEFAULT_SECRET_NAME}:SecretString:DATABASE_URL::}}`,
            UPSTASH_REDIS_REST_URL: `{{resolve:secretsmanager:${DEFAULT_SECRET_NAME}:SecretString:UPSTASH_REDIS_REST_URL::}}`,
            UPSTASH_REDIS_REST_TOKEN: `{{resolve:secretsmanager:${DEFAULT_SECRET_NAME}:SecretString:UPSTASH_REDIS_REST_TOKEN::}}`,
          }),
        },
      });
    }
  });

  it('routes POST and GET /api/v1/tools/<name> to each tool over payload v2, the rest to the catalog', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
    template.resourceCountIs('AWS::ApiGatewayV2::Route', tools.length * 2 + 1);
    template.resourceCountIs('AWS::ApiGatewayV2::Integration', tools.length + 1);
    const routeKeys = Object.values(template.findResources('AWS::ApiGatewayV2::Route'))
      .map((route) => route.Properties.RouteKey)
      .sort();
    expect(routeKeys).toEqual(
      [
        '$default',
        ...tools.flatMap((tool) => [`GET ${toolPath(tool.name)}`, `POST ${toolPath(tool.name)}`]),
      ].sort(),
    );
    const integrations = Object.values(template.findResources('AWS::ApiGatewayV2::Integration'));
    for (const integration of integrations) {
      expect(integration.Properties).toMatchObject({
        IntegrationType: 'AWS_PROXY',
        PayloadFormatVersion: '2.0',
      });
    }
  });

  it('runs the sweeper every five minutes', () => {
    template.resourceCountIs('AWS::Events::Rule', 1);
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(5 minutes)',
      State: 'ENABLED',
      Targets: [
        Match.objectLike({ Arn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^StaleHoldSweeper'), 'Arn'] } }),
      ],
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('credit holds'),
      Timeout: 60,
    });
  });

  it('outputs the API URL', () => {
    template.hasOutput('ApiUrl', { Value: Match.anyValue() });
  });
});

describe('configuration from CDK context', () => {
  it('reads the secret name and the non-secret settings from context, with no lookup', () => {
    const template = synth(
      {},
      {
        [CONTEXT.secretName]: 'prod/extraction',
        [CONTEXT.optOutHosts]: 'example.org,example.net',
        [CONTEXT.robotsProductToken]: 'AcmeBot',
      },
    );
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          DATABASE_URL: '{{resolve:secretsmanager:prod/extraction:SecretString:DATABASE_URL::}}',
          OPT_OUT_HOSTS: 'example.org,example.net',
          ROBOTS_PRODUCT_TOKEN: 'AcmeBot',
        }),
      },
    });
  });
});
