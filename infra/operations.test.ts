import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { ACCESS_LOG_FIELDS } from './http-api.js';
import { CONTEXT, DEFAULT_API_BURST_LIMIT, DEFAULT_API_RATE_LIMIT, ExtractionServiceStack } from './stack.js';

/**
 * How the deployed stack fails safely and says so, read from the template (bundling skipped): where
 * a poison check job and a failed sweep end up, the gateway's throttle and access logs, the alarms
 * and their topic, log retention, and the permissions scoped to what each part does.
 */

const outdir = mkdtempSync(join(tmpdir(), 'operations-test-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

function synth(context: Record<string, unknown> = {}): Template {
  const app = new App({
    outdir: mkdtempSync(join(outdir, 'app-')),
    context: { 'aws:cdk:bundling-stacks': [], ...context },
  });
  return Template.fromStack(new ExtractionServiceStack(app, 'Ops', { env: { region: 'us-east-1' } }));
}

const template = synth();

/** The logical id of the one resource of `type` whose id starts with `prefix`. */
function idOf(type: string, prefix: string): string {
  const ids = Object.keys(template.findResources(type)).filter((id) => id.startsWith(prefix));
  expect(ids, `${type} ${prefix}*`).toHaveLength(1);
  return ids[0];
}

function functionId(descriptionStart: string): string {
  const [id] = Object.entries(template.findResources('AWS::Lambda::Function')).find(([, fn]) =>
    String(fn.Properties.Description).startsWith(descriptionStart),
  )!;
  return id;
}

describe('failure paths', () => {
  it('moves a poison check job to the check dead-letter queue after three receives', () => {
    const deadLetters = idOf('AWS::SQS::Queue', 'MonitorsCheckDeadLetters');
    template.hasResourceProperties('AWS::SQS::Queue', {
      VisibilityTimeout: 540,
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [deadLetters, 'Arn'] },
        maxReceiveCount: 3,
      },
    });
    template.hasResourceProperties('AWS::SQS::Queue', { MessageRetentionPeriod: 14 * 24 * 3600 });
    // The worker returns only the failed jobs of a batch, so one poison job does not fail its neighbours.
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: functionId('Monitor checks') },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('sends a failed sweep, and a schedule event EventBridge cannot deliver, to the sweep dead-letter queue', () => {
    const deadLetters = idOf('AWS::SQS::Queue', 'MonitorsSweepDeadLetters');
    const sweeper = functionId('Monitor sweeper');
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: sweeper },
      MaximumRetryAttempts: 1,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [deadLetters, 'Arn'] } } },
    });
    template.hasResourceProperties('AWS::Events::Rule', {
      Targets: [
        Match.objectLike({
          Arn: { 'Fn::GetAtt': [sweeper, 'Arn'] },
          DeadLetterConfig: { Arn: { 'Fn::GetAtt': [deadLetters, 'Arn'] } },
          RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 240 },
        }),
      ],
    });
    // The sweeper's role may write to that queue; EventBridge may too, for this rule only.
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: deadLetters }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Principal: { Service: 'events.amazonaws.com' },
            Condition: { ArnEquals: { 'aws:SourceArn': Match.anyValue() } },
          }),
        ]),
      },
    });
  });

  it('refuses plain HTTP on every queue', () => {
    const queues = Object.keys(template.findResources('AWS::SQS::Queue'));
    expect(queues).toHaveLength(3);
    for (const queue of queues) {
      template.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: queue }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Deny',
              Condition: { Bool: { 'aws:SecureTransport': 'false' } },
            }),
          ]),
        },
      });
    }
  });
});

describe('the gateway', () => {
  it('throttles the stage before any function runs and writes a JSON access log with the request id', () => {
    const stages = Object.values(template.findResources('AWS::ApiGatewayV2::Stage'));
    expect(stages).toHaveLength(1);
    const stage = stages[0].Properties;
    expect(stage).toMatchObject({
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingRateLimit: DEFAULT_API_RATE_LIMIT,
        ThrottlingBurstLimit: DEFAULT_API_BURST_LIMIT,
      },
    });
    const format = JSON.parse(stage.AccessLogSettings.Format);
    expect(format.requestId).toBe('$context.requestId');
    expect(Object.keys(format)).toEqual(Object.keys(ACCESS_LOG_FIELDS));
    expect(stage.AccessLogSettings.DestinationArn).toEqual({
      'Fn::GetAtt': [idOf('AWS::Logs::LogGroup', 'ApiAccessAccessLogs'), 'Arn'],
    });
  });

  it('takes its limits from context', () => {
    const limited = synth({ [CONTEXT.apiRateLimit]: '50', [CONTEXT.apiBurstLimit]: 80 });
    limited.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 80 },
      // The keyless default route gets a tenth of the stage.
      RouteSettings: { $default: { ThrottlingRateLimit: 5, ThrottlingBurstLimit: 8 } },
    });
    expect(() => synth({ [CONTEXT.apiRateLimit]: '-3' })).toThrow(
      /service:apiRateLimit: -3 is not a positive integer/,
    );
  });
});

describe('alarms', () => {
  const alarms = template.findResources('AWS::CloudWatch::Alarm');
  const alarm = (prefix: string) => alarms[idOf('AWS::CloudWatch::Alarm', `Alarms${prefix}`)].Properties;
  const topic = idOf('AWS::SNS::Topic', 'AlarmsTopic');

  it('sends every alarm that is not part of a composite, and its recovery, to the topic', () => {
    const children = new Set(['SweepsMissing', 'CheckQueueBacklog']);
    const notifying = Object.entries(alarms).filter(
      ([id]) => ![...children].some((child) => id.startsWith(`Alarms${child}`)),
    );
    expect(notifying.length).toBeGreaterThanOrEqual(8);
    for (const [, { Properties }] of notifying) {
      expect(Properties.AlarmActions).toEqual([{ Ref: topic }]);
      expect(Properties.OKActions).toEqual([{ Ref: topic }]);
    }
    const [composite] = Object.values(template.findResources('AWS::CloudWatch::CompositeAlarm'));
    expect(composite.Properties.AlarmActions).toEqual([{ Ref: topic }]);
    const rule = JSON.stringify(composite.Properties.AlarmRule);
    expect(rule).toMatch(/ALARM\(.*AlarmsSweepsMissing.* OR ALARM\(.*AlarmsCheckQueueBacklog/);
  });

  it('alarms on the worst route’s 5xx share, from the access log', () => {
    const { Metrics } = alarm('RouteServerErrors');
    expect(Metrics[0].Expression).toMatch(
      /^SELECT AVG\(ServerErrorPercent\) FROM "WebExtraction\/Api" GROUP BY Route/,
    );
    const filters = Object.values(template.findResources('AWS::Logs::MetricFilter')).map(
      (filter) => filter.Properties,
    );
    const percent = filters.filter(
      (filter) => filter.MetricTransformations[0].MetricName === 'ServerErrorPercent',
    );
    expect(percent.map((filter) => filter.MetricTransformations[0].MetricValue).sort()).toEqual(['0', '100']);
    for (const filter of percent)
      expect(filter.MetricTransformations[0].Dimensions).toEqual([{ Key: 'Route', Value: '$.routeKey' }]);
  });

  it('alarms on throttles at Lambda and at the stage, on dead letters, the worker and the browser host', () => {
    expect(alarm('LambdaThrottles')).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: 'Throttles' });
    expect(alarm('GatewayThrottles')).toMatchObject({ MetricName: 'GatewayThrottled', Threshold: 1 });
    for (const [name, queue] of [
      ['CheckDeadLetterDepth', 'MonitorsCheckDeadLetters'],
      ['SweepDeadLetterDepth', 'MonitorsSweepDeadLetters'],
    ]) {
      expect(alarm(name)).toMatchObject({
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Dimensions: [
          { Name: 'QueueName', Value: { 'Fn::GetAtt': [idOf('AWS::SQS::Queue', queue), 'QueueName'] } },
        ],
        ComparisonOperator: 'GreaterThanThreshold',
        Threshold: 0,
      });
    }
    const worker = alarm('CheckWorkerErrors');
    expect(JSON.stringify(worker.Metrics)).toContain(functionId('Monitor checks'));
    expect(JSON.stringify(worker.Metrics)).toContain('FailedJobs');
    expect(alarm('BrowserHostUnhealthy')).toMatchObject({ MetricName: 'UnHealthyHostCount', Threshold: 1 });
    expect(alarm('BrowserHostDown')).toMatchObject({
      MetricName: 'HealthyHostCount',
      TreatMissingData: 'breaching',
    });
    expect(alarm('CheckQueueBacklog')).toMatchObject({
      MetricName: 'ApproximateAgeOfOldestMessage',
      Threshold: 600,
    });
    const sweeps = JSON.stringify(alarm('SweepsMissing').Metrics);
    expect(sweeps).toContain(functionId('Monitor sweeper'));
    expect(sweeps).toContain('"Period":600');
  });

  it('mails the address given in context, and refuses one that is not an address', () => {
    template.resourceCountIs('AWS::SNS::Subscription', 0);
    synth({ [CONTEXT.alarmEmail]: 'ops@acme.example' }).hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@acme.example',
    });
    expect(() => synth({ [CONTEXT.alarmEmail]: 'ops' })).toThrow(
      /service:alarmEmail: ops is not an email address/,
    );
  });
});

describe('rotating the runtime secret', () => {
  it('pins every reference, the functions’ and the host task’s, to the version named in context', () => {
    const version = 'f1e2d3c4-0000-4000-8000-000000000001';
    const pinned = synth({ [CONTEXT.secretVersionId]: version });
    const functions = Object.values(pinned.findResources('AWS::Lambda::Function'));
    for (const fn of functions)
      expect(fn.Properties.Environment.Variables.DATABASE_URL).toBe(
        `{{resolve:secretsmanager:web-extraction/runtime:SecretString:DATABASE_URL::${version}}}`,
      );
    const [task] = Object.values(pinned.findResources('AWS::ECS::TaskDefinition'));
    for (const { ValueFrom } of task.Properties.ContainerDefinitions[0].Secrets)
      expect(JSON.stringify(ValueFrom)).toContain(`::${version}`);
  });
});

describe('retention, logs and permissions', () => {
  it('keeps every log group, and the log bucket, as long as context says', () => {
    const kept = synth({
      [CONTEXT.logRetentionDays]: 90,
      [CONTEXT.emailFrom]: 'Monitors <alerts@acme.example>',
    });
    const groups = Object.values(kept.findResources('AWS::Logs::LogGroup'));
    expect(groups.length).toBeGreaterThan(30);
    for (const group of groups) expect(group.Properties.RetentionInDays).toBe(90);
    kept.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: { Rules: [Match.objectLike({ ExpirationInDays: 90, Status: 'Enabled' })] },
    });
    // SES as the configured sender only.
    kept.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: ['ses:SendEmail', 'ses:SendRawEmail'],
            Condition: { StringEquals: { 'ses:FromAddress': 'alerts@acme.example' } },
            Resource: [
              {
                'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp(':identity/alerts@acme.example$')])],
              },
              { 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp(':identity/acme.example$')])] },
            ],
          }),
        ]),
      },
    });
    expect(() => synth({ [CONTEXT.logRetentionDays]: 31 })).toThrow(
      /service:logRetentionDays: 31 is not a CloudWatch retention/,
    );
  });

  it('gives no function the basic execution managed policy: each writes to its own log group only', () => {
    for (const role of Object.values(template.findResources('AWS::IAM::Role'))) {
      expect(JSON.stringify(role.Properties.ManagedPolicyArns ?? [])).not.toContain(
        'AWSLambdaBasicExecutionRole',
      );
    }
    // The functions in the VPC, and only they, may manage their network interfaces.
    const roles = template.findResources('AWS::IAM::Role');
    for (const fn of Object.values(template.findResources('AWS::Lambda::Function'))) {
      const role = roles[fn.Properties.Role['Fn::GetAtt'][0]];
      const managed = JSON.stringify(role.Properties.ManagedPolicyArns ?? []);
      expect(managed.includes('AWSLambdaVPCAccessExecutionRole'), fn.Properties.Description).toBe(
        fn.Properties.VpcConfig !== undefined,
      );
    }
    const catalog = functionId('OpenAPI document');
    const role = template.findResources('AWS::Lambda::Function')[catalog].Properties.Role['Fn::GetAtt'][0];
    const policy = Object.values(template.findResources('AWS::IAM::Policy')).find((candidate) =>
      candidate.Properties.Roles.some((ref: { Ref: string }) => ref.Ref === role),
    )!;
    const logs = policy.Properties.PolicyDocument.Statement.find((statement: { Action: string[] }) =>
      statement.Action.includes('logs:PutLogEvents'),
    );
    expect(logs.Resource).toEqual({ 'Fn::GetAtt': [idOf('AWS::Logs::LogGroup', 'ApiCatalogLogs'), 'Arn'] });
  });

  it('turns on Container Insights, the load balancer’s access logs and the VPC’s flow logs', () => {
    template.hasResourceProperties('AWS::ECS::Cluster', {
      ClusterSettings: [{ Name: 'containerInsights', Value: 'enabled' }],
    });
    template.hasResourceProperties('AWS::ElasticLoadBalancingV2::LoadBalancer', {
      LoadBalancerAttributes: Match.arrayWith([{ Key: 'access_logs.s3.enabled', Value: 'true' }]),
    });
    template.hasResourceProperties('AWS::EC2::FlowLog', { TrafficType: 'ALL', LogDestinationType: 's3' });
    // The host gets settings it reads, not the functions' email sender.
    const [task] = Object.values(template.findResources('AWS::ECS::TaskDefinition'));
    const names = task.Properties.ContainerDefinitions[0].Environment.map(
      (entry: { Name: string }) => entry.Name,
    );
    expect(names).not.toContain('EMAIL_FROM');
  });
});
