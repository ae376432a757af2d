import { Duration } from 'aws-cdk-lib';
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
  shared: Pick<ServiceFunctionProps, 'secretName' | 'extraSecretFields' | 'environment' | 'projectRoot'>;
  projectRoot: string;
}

/**
 * Hosted monitors on AWS: the monitors API behind the HTTP API; an EventBridge rule on every
 * five-minute mark invoking the sweeper; the SQS queue the sweeper fans due checks out to (a dead
 * letter queue behind it); and the check worker reading it. docs/decisions.md has the sizing for
 * 100,000 checks due in one slot.
 */
export class Monitors extends Construct {
  readonly queue: Queue;

  constructor(scope: Construct, id: string, props: MonitorsProps) {
    super(scope, id);
    const entry = (file: string) => `${props.projectRoot}/functions/${file}`;
    const sendEmail = new PolicyStatement({
      actions: ['ses:SendEmail', 'ses:SendRawEmail'],
      resources: ['*'],
    });

    const deadLetters = new Queue(this, 'CheckDeadLetters', { retentionPeriod: Duration.days(14) });
    // Visibility at six times the worker's timeout, as Lambda's SQS guidance asks, so a message is
    // never handed to a second worker while the first still runs it.
    this.queue = new Queue(this, 'Checks', {
      visibilityTimeout: Duration.seconds(CHECK_TIMEOUT.toSeconds() * 6),
      retentionPeriod: Duration.hours(6),
      deadLetterQueue: { queue: deadLetters, maxReceiveCount: 3 },
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

    const worker = new ServiceFunction(this, 'CheckWorker', {
      ...props.shared,
      entry: entry('monitor-check.ts'),
      description: 'Monitor checks and webhook retries, from the check queue.',
      timeout: CHECK_TIMEOUT,
      memorySize: 2048,
      environment: withQueue,
    });
    worker.handler.addToRolePolicy(sendEmail);
    this.queue.grantSendMessages(worker.handler);
    worker.handler.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: 10,
        maxBatchingWindow: Duration.seconds(0),
        reportBatchItemFailures: true,
      }),
    );

    const sweeper = new ServiceFunction(this, 'Sweeper', {
      ...props.shared,
      entry: entry('monitor-sweeper.ts'),
      description:
        'Monitor sweeper: due checks to the queue, webhook retries, stale checks and credit holds, retention.',
      timeout: Duration.minutes(4),
      memorySize: 1024,
      environment: withQueue,
    });
    sweeper.handler.addToRolePolicy(sendEmail);
    this.queue.grantSendMessages(sweeper.handler);
    new Rule(this, 'Sweep', {
      description: 'Every five minutes, on the mark: the monitor sweeper.',
      schedule: Schedule.cron({ minute: '0/5' }),
      targets: [new LambdaFunction(sweeper.handler)],
    });
  }
}
