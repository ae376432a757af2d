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
  kind: 'pages',
  summary: `fake ${name}`,
  description: 'Exists only to count what the stack makes per tool.',
  price: 1,
  basePrice: 1,
  result: z.object({}),
  schema: z.object({}),
  example: {},
  run: async () => ({ data: {} }),
});

// Three tools the registry does not hold, so the per-tool wiring is counted even while the
// registry is short. With bundling skipped an entry only has to exist: any file under the repo does.
const fakeTools = ['alpha_tool', 'beta_tool', 'gamma_tool'].map(fakeTool);
const anyExistingEntry = () => `${PROJECT_ROOT}/functions/monitor-sweeper.ts`;

describe.each([
  { label: 'the registry', tools: registry, props: {} },
  { label: 'three fake tools', tools: fakeTools, props: { tools: fakeTools, toolEntry: anyExistingEntry } },
])('the stack built from $label', ({ tools, props }) => {
  const template = synth(props);

  it('makes one Lambda per tool plus the catalog, the MCP endpoint and the three of monitors, and nothing else that runs code', () => {
    template.resourceCountIs('AWS::Lambda::Function', tools.length + 5);
    template.resourceCountIs('Custom::LogRetention', 0);
  });

  it('runs every function on nodejs24.x, arm64 (x86_64 for browser tools), traced, with a month of logs', () => {
    const functions = Object.values(template.findResources('AWS::Lambda::Function'));
    for (const fn of functions) {
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs24.x',
        Handler: 'index.handler',
        TracingConfig: { Mode: 'Active' },
      });
    }
    const x86 = functions.filter((fn) => fn.Properties.Architectures[0] === 'x86_64');
    const browserTools = tools.filter((tool) => tool.browser);
    expect(x86).toHaveLength(browserTools.length);
    // Beside the tools: the catalog, MCP, the monitors API, the sweeper and the check worker.
    expect(functions.length - x86.length).toBe(tools.length + 5 - browserTools.length);
    // The browser host's container logs and the API's access logs beside the functions'.
    const hosts = tools.some((tool) => tool.browser?.host) ? 1 : 0;
    const logGroups = Object.values(template.findResources('AWS::Logs::LogGroup'));
    expect(logGroups).toHaveLength(tools.length + 5 + hosts + 1);
    for (const group of logGroups) expect(group.Properties.RetentionInDays).toBe(30);
  });

  it('gives each tool 30 s and 1024 MB (2048 to render), production settings and the Neon driver', () => {
    for (const tool of tools) {
      template.hasResourceProperties('AWS::Lambda::Function', {
        Description: Match.stringLikeRegexp(`^${tool.name}: `),
        Timeout: 30,
        MemorySize: tool.browser ? 2048 : 1024,
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

  it('routes POST and GET /api/v1/tools/<name> to each tool, monitors to theirs and /mcp to MCP over payload v2, the rest to the catalog', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
    template.resourceCountIs('AWS::ApiGatewayV2::Route', tools.length * 2 + 4);
    // One per tool, the catalog's, MCP's and the monitors API's.
    template.resourceCountIs('AWS::ApiGatewayV2::Integration', tools.length + 3);
    const routeKeys = Object.values(template.findResources('AWS::ApiGatewayV2::Route'))
      .map((route) => route.Properties.RouteKey)
      .sort();
    expect(routeKeys).toEqual(
      [
        '$default',
        'ANY /api/v1/monitors',
        'ANY /api/v1/monitors/{proxy+}',
        'ANY /mcp',
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

  it('runs the monitor sweeper on every five-minute mark; it sends due checks to a queue the check worker reads', () => {
    template.resourceCountIs('AWS::Events::Rule', 1);
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(0/5 * * * ? *)',
      State: 'ENABLED',
      Targets: [
        Match.objectLike({ Arn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^MonitorsSweeper'), 'Arn'] } }),
      ],
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('^Monitor sweeper'),
      Timeout: 240,
      Environment: {
        Variables: Match.objectLike({
          MONITOR_QUEUE_URL: { Ref: Match.stringLikeRegexp('^MonitorsChecks') },
        }),
      },
    });
    // The check queue, its dead letters, and the failed sweeps'.
    template.resourceCountIs('AWS::SQS::Queue', 3);
    template.hasResourceProperties('AWS::SQS::Queue', {
      VisibilityTimeout: 540,
      RedrivePolicy: Match.objectLike({ maxReceiveCount: 3 }),
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('^Monitor checks'),
      Timeout: 90,
      MemorySize: 2048,
    });
    template.resourceCountIs('AWS::Lambda::EventSourceMapping', 1);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      FunctionName: { Ref: Match.stringLikeRegexp('^MonitorsCheckWorker') },
    });
    // The sweeper may send to the queue; the worker and the API may send email through SES.
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Action: Match.arrayWith(['sqs:SendMessage']) })]),
      },
    });
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: ['ses:SendEmail', 'ses:SendRawEmail'],
            Condition: { StringEquals: { 'ses:FromAddress': 'monitors@localhost' } },
          }),
        ]),
      },
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
        [CONTEXT.emailFrom]: 'Monitors <monitors@acme.example>',
      },
    );
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          DATABASE_URL: '{{resolve:secretsmanager:prod/extraction:SecretString:DATABASE_URL::}}',
          OPT_OUT_HOSTS: 'example.org,example.net',
          ROBOTS_PRODUCT_TOKEN: 'AcmeBot',
          EMAIL_FROM: 'Monitors <monitors@acme.example>',
        }),
      },
    });
  });

  it('passes the provider variables named in context from the same secret, and only those', () => {
    const template = synth({}, { [CONTEXT.providerSecrets]: 'SEARXNG_URL, OPENAI_API_KEY' });
    const search = Object.values(template.findResources('AWS::Lambda::Function')).find((fn) =>
      String(fn.Properties.Description).startsWith('search_web: '),
    )!;
    const variables = search.Properties.Environment.Variables;
    expect(variables.SEARXNG_URL).toBe(
      `{{resolve:secretsmanager:${DEFAULT_SECRET_NAME}:SecretString:SEARXNG_URL::}}`,
    );
    expect(variables.OPENAI_API_KEY).toBe(
      `{{resolve:secretsmanager:${DEFAULT_SECRET_NAME}:SecretString:OPENAI_API_KEY::}}`,
    );
    expect(variables).not.toHaveProperty('BRAVE_SEARCH_API_KEY');
    // Without the context no function references a provider field: a missing field fails a deploy.
    const plain = synth();
    for (const fn of Object.values(plain.findResources('AWS::Lambda::Function')))
      expect(fn.Properties.Environment.Variables).not.toHaveProperty('SEARXNG_URL');
  });

  it('refuses a provider variable it does not know at synth, naming it', () => {
    expect(() => synth({}, { [CONTEXT.providerSecrets]: 'OPENAI_KEY' })).toThrow(
      /service:providerSecrets: OPENAI_KEY is not a provider variable/,
    );
  });
});
