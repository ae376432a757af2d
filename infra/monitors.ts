import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { type HttpApi, HttpMethod, PayloadFormatVersion } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { ServiceFunction, type ServiceFunctionProps } from './service-function.js';

export const MONITORS_API_PATH = '/api/v1/monitors';

/** The check worker's timeout: 20 targets at once (15 s each at most), deliveries and a 5 s retry. */
const CHECK_TIMEOUT = Duration.seconds(90);

export interface MonitorsProps {
  api: HttpApi;
  /** What every ServiceFunction of the stack shares (secret name, environment, project root). */
  shared: Pick<
    ServiceFunctionProps,
    'secretName' | 'secretVersionId' | 'extraSecretFields' | 'environment' | 'projectRoot' | 'logRetention'
  >;
  projectRoot: string;
  /** The EMAIL_FROM the functions send as (`Name <address>` or a bare address); SES is scoped to it. */
  emailFrom?: string;
}

/** The sender the app uses when EMAIL_FROM is not configured (lib/env.ts). */
const DEFAULT_EMAIL_FROM = 'monitors@localhost';

/** `Monitors <monitors@acme.example>` → `monitors@acme.example`. */
function senderAddress(emailFrom: string): string {
  return (/<([^>]+)>/.exec(emailFrom)?.[1] ?? emailFrom).trim();
}

/**
 * Sending through SES as the configured sender only: the identity may be the address itself or its
 * domain (whichever the deployer verified), and `ses:FromAddress` pins the From header to it, so a
 * function cannot send as any other verified identity of the account.
 */
function sendEmailAs(scope: Construct, emailFrom: string): PolicyStatement {
  const address = senderAddress(emailFrom);
  const domain = address.slice(address.lastIndexOf('@') + 1);
  const identity = (name: string) =>
    Stack.of(scope).formatArn({ service: 'ses', resource: 'identity', resourceName: name });
  return new PolicyStatement({
    actions: ['ses:SendEmail', 'ses:SendRawEmail'],
    resources: [identity(address), identity(domain)],
    conditions: { StringEquals: { 'ses:FromAddress': address } },
  });
}

/**
 * Hosted monitors on AWS: the monitors API behind the HTTP API; an EventBridge rule on every
 * five-minute mark invoking the sweeper; the SQS queue the sweeper fans due checks out to (a dead
 * letter queue behind it); and the check worker reading it. docs/decisions.md has the sizing for
 * 100,000 checks due in one slot.
 */
export class Monitors extends Construct {
  readonly queue: Queue;
  /** Check and delivery jobs that failed three receives. */
  readonly checkDeadLetters: Queue;
  /** Sweeps that failed their retry, and schedule events EventBridge could not deliver. */
  readonly sweepDeadLetters: Queue;
  readonly worker: ServiceFunction;
  readonly sweeper: ServiceFunction;

  constructor(scope: Construct, id: string, props: MonitorsProps) {
    super(scope, id);
    const entry = (file: string) => `${props.projectRoot}/functions/${file}`;
    const sendEmail = sendEmailAs(this, props.emailFrom ?? DEFAULT_EMAIL_FROM);

    // A poison job (one that fails every time) leaves the check queue after three receives.
    this.checkDeadLetters = deadLetterQueue(this, 'CheckDeadLetters');
    // Visibility at six times the worker's timeout, as Lambda's SQS guidance asks, so a message is
    // never handed to a second worker while the first still runs it.
    this.queue = new Queue(this, 'Checks', {
      visibilityTimeout: Duration.seconds(CHECK_TIMEOUT.toSeconds() * 6),
      retentionPeriod: Duration.hours(6),
      deadLetterQueue: { queue: this.checkDeadLetters, maxReceiveCount: 3 },
      enforceSSL: true,
    });
    this.sweepDeadLetters = deadLetterQueue(this, 'SweepDeadLetters');
    Validations.of(this.sweepDeadLetters).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason:
        "It is a dead-letter queue, of the sweeper's on-failure destination and of the EventBridge target; the rule only recognises one named in another queue's redrive policy.",
    });

    // Webhook retries due before the next sweep (the 5-second one) wait on the queue as delayed
    // messages, sent by whichever function made the failed attempt.
    const withQueue = { ...props.shared.environment, MONITOR_QUEUE_URL: this.queue.queueUrl };
    const api = new ServiceFunction(this, 'Api', {
      ...props.shared,
      entry: entry('monitors-api.ts'),
      description: 'Monitors API: create, list, get, update, delete, run now, check history.',
      environment: withQueue,
    });
    api.handler.addToRolePolicy(sendEmail);
    this.queue.grantSendMessages(api.handler);
    const integration = new HttpLambdaIntegration('MonitorsApiIntegration', api.handler, {
      payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
    });
    for (const path of [MONITORS_API_PATH, `${MONITORS_API_PATH}/{proxy+}`]) {
      props.api.addRoutes({ path, methods: [HttpMethod.ANY], integration });
    }

    this.worker = new ServiceFunction(this, 'CheckWorker', {
      ...props.shared,
      entry: entry('monitor-check.ts'),
      description: 'Monitor checks and webhook retries, from the check queue.',
      timeout: CHECK_TIMEOUT,
      memorySize: 2048,
      environment: withQueue,
    });
    const worker = this.worker;
    worker.handler.addToRolePolicy(sendEmail);
    this.queue.grantSendMessages(worker.handler);
    worker.handler.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: 10,
        maxBatchingWindow: Duration.seconds(0),
        reportBatchItemFailures: true,
      }),
    );
    Validations.of(worker).acknowledge({
      id: 'Serverless-LambdaEventSourceMappingDestination',
      reason:
        "An SQS event source takes no on-failure destination (Lambda's DestinationConfig applies to stream and Kafka sources only): a failed job returns to the check queue, whose redrive policy moves it to CheckDeadLetters after three receives.",
    });

    this.sweeper = new ServiceFunction(this, 'Sweeper', {
      ...props.shared,
      entry: entry('monitor-sweeper.ts'),
      description:
        'Monitor sweeper: due checks to the queue, webhook retries, stale checks and credit holds, retention.',
      timeout: Duration.minutes(4),
      memorySize: 1024,
      environment: withQueue,
      // EventBridge invokes it asynchronously: a sweep that fails twice lands here with its error.
      onFailure: this.sweepDeadLetters,
    });
    const sweeper = this.sweeper;
    sweeper.handler.addToRolePolicy(sendEmail);
    this.queue.grantSendMessages(sweeper.handler);
    new Rule(this, 'Sweep', {
      description: 'Every five minutes, on the mark: the monitor sweeper.',
      schedule: Schedule.cron({ minute: '0/5' }),
      // EventBridge's own delivery: two attempts within four minutes (the next slot sweeps anyway),
      // then the event goes to the same dead-letter queue as a failed sweep.
      targets: [
        new LambdaFunction(sweeper.handler, {
          deadLetterQueue: this.sweepDeadLetters,
          retryAttempts: 2,
          maxEventAge: Duration.minutes(4),
        }),
      ],
    });
  }
}

/** Fourteen days (SQS's longest) to look at what failed; TLS-only like every queue here. */
function deadLetterQueue(scope: Construct, id: string): Queue {
  const queue = new Queue(scope, id, { retentionPeriod: Duration.days(14), enforceSSL: true });
  Validations.of(queue).acknowledge({
    id: 'Serverless-SQSRedrivePolicy',
    reason: 'This is a dead-letter queue: the end of the line, read by the DLQ-depth alarm and an operator.',
  });
  return queue;
}
