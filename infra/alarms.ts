import { Duration, Validations } from 'aws-cdk-lib';
import {
  Alarm,
  AlarmRule,
  ComparisonOperator,
  CompositeAlarm,
  type IAlarm,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { FilterPattern } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { BrowserHostService } from './browser-host.js';
import { API_METRICS_NAMESPACE, type ServiceHttpApi } from './http-api.js';
import type { Monitors } from './monitors.js';

/** Share of 5xx answers (percent) on one route over five minutes, twice in a row, that alarms. */
const ROUTE_SERVER_ERROR_PERCENT = 5;
/** A due monitor this late means the schedule is not being kept (the ten minutes). */
const SWEEPER_LAG = Duration.minutes(10);

export interface AlarmsProps {
  /** The address the alarm topic mails (context `service:alarmEmail`); none, no subscription. */
  email?: unknown;
  gateway: ServiceHttpApi;
  monitors: Monitors;
  browserHost: BrowserHostService | null;
}

/**
 * The alarms an operator acts on, all to one SNS topic (docs/operations.md says what each means and
 * what to do). Each fires on the first sign and clears itself: OK is sent to the topic too.
 */
export class Alarms extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    this.topic = new Topic(this, 'Topic', { displayName: 'Web extraction service alarms', enforceSSL: true });
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm notifications carry alarm names and metric values, nothing secret; CloudWatch cannot publish to a topic under the AWS-managed SNS key, and a customer key would add a monthly cost to every idle deployment.',
    });
    if (props.email !== undefined && props.email !== null && props.email !== '') {
      const email = String(props.email);
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
        throw new Error(`service:alarmEmail: ${email} is not an email address`);
      this.topic.addSubscription(new EmailSubscription(email));
    }
    const notify = (alarm: Alarm | CompositeAlarm) => {
      alarm.addAlarmAction(new SnsAction(this.topic));
      alarm.addOkAction(new SnsAction(this.topic));
      return alarm;
    };
    const fiveMinutes = Duration.minutes(5);

    // The worst route's 5xx share: one Metrics Insights query over the access-log metric, grouped
    // by route, rather than one alarm per route (68 routes: a quarter of CloudFormation's 500
    // resources per stack).
    notify(
      new Alarm(this, 'RouteServerErrors', {
        alarmDescription: `A route answered more than ${ROUTE_SERVER_ERROR_PERCENT}% of its requests with 5xx for 10 minutes.`,
        metric: new MathExpression({
          expression: `SELECT AVG(ServerErrorPercent) FROM "${API_METRICS_NAMESPACE}" GROUP BY Route ORDER BY AVG() DESC LIMIT 1`,
          period: fiveMinutes,
          label: 'Worst route: % 5xx',
        }),
        threshold: ROUTE_SERVER_ERROR_PERCENT,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 2,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );

    notify(
      new Alarm(this, 'LambdaThrottles', {
        alarmDescription:
          'Lambda refused invocations for want of concurrency (account-wide: the account concurrency quota is shared).',
        metric: new Metric({
          namespace: 'AWS/Lambda',
          metricName: 'Throttles',
          statistic: 'Sum',
          period: fiveMinutes,
        }),
        threshold: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );
    notify(
      new Alarm(this, 'GatewayThrottles', {
        alarmDescription:
          "Requests refused by the API stage's own rate or burst limit (429 before any function).",
        metric: props.gateway.gatewayThrottled(fiveMinutes),
        threshold: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );

    for (const [alarmId, queue, what] of [
      [
        'CheckDeadLetterDepth',
        props.monitors.checkDeadLetters,
        'check or delivery jobs that failed three times',
      ],
      ['SweepDeadLetterDepth', props.monitors.sweepDeadLetters, 'sweeps that failed (or never started)'],
    ] as const) {
      notify(
        new Alarm(this, alarmId, {
          alarmDescription: `A dead-letter queue holds ${what}.`,
          metric: queue.metricApproximateNumberOfMessagesVisible({
            statistic: 'Maximum',
            period: fiveMinutes,
          }),
          threshold: 0,
          comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      );
    }

    notify(this.sweeperLag(props.monitors));
    notify(this.checkWorkerErrors(props.monitors, fiveMinutes));

    if (props.browserHost) {
      const metrics = props.browserHost.targetGroup.metrics;
      notify(
        new Alarm(this, 'BrowserHostUnhealthy', {
          alarmDescription: 'A browser host task failed its /health check for three minutes.',
          metric: metrics.unhealthyHostCount({ statistic: 'Maximum', period: Duration.minutes(1) }),
          threshold: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          evaluationPeriods: 3,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      );
      notify(
        new Alarm(this, 'BrowserHostDown', {
          alarmDescription:
            'No healthy browser host task for three minutes: browser_session and stealth_mode answer 503.',
          metric: metrics.healthyHostCount({ statistic: 'Minimum', period: Duration.minutes(1) }),
          threshold: 1,
          comparisonOperator: ComparisonOperator.LESS_THAN_THRESHOLD,
          evaluationPeriods: 3,
          treatMissingData: TreatMissingData.BREACHING,
        }),
      );
    }
  }

  /**
   * Due monitors older than ten minutes, from the metrics that already exist rather than a new one:
   * a monitor falls that far behind only if two sweeps in a row did not run to the end (the sweeper
   * claims every due monitor each five minutes) or if its check job waited in the queue that long.
   */
  private sweeperLag(monitors: Monitors): CompositeAlarm {
    const sweeper = monitors.sweeper.handler;
    const noSweep = new Alarm(this, 'SweepsMissing', {
      alarmDescription: 'No sweep ran to the end in ten minutes (two five-minute slots).',
      metric: new MathExpression({
        expression: 'FILL(invocations, 0) - FILL(errors, 0)',
        usingMetrics: {
          invocations: sweeper.metricInvocations({ statistic: 'Sum' }),
          errors: sweeper.metricErrors({ statistic: 'Sum' }),
        },
        period: SWEEPER_LAG,
        label: 'Sweeps that finished',
      }),
      threshold: 1,
      comparisonOperator: ComparisonOperator.LESS_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.BREACHING,
    });
    const backlog = new Alarm(this, 'CheckQueueBacklog', {
      alarmDescription: 'A queued check job has waited ten minutes for a worker.',
      metric: monitors.queue.metricApproximateAgeOfOldestMessage({
        statistic: 'Maximum',
        period: Duration.minutes(5),
      }),
      threshold: SWEEPER_LAG.toSeconds(),
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    return new CompositeAlarm(this, 'SweeperLag', {
      alarmDescription:
        'Due monitors are more than ten minutes late: sweeps are not finishing, or check jobs wait in the queue.',
      alarmRule: AlarmRule.anyOf(noSweep as IAlarm, backlog as IAlarm),
    });
  }

  /** The worker crashed or timed out, or a job failed inside it (it logs each and returns it to the queue). */
  private checkWorkerErrors(monitors: Monitors, period: Duration): Alarm {
    const worker = monitors.worker;
    const failedJobs = worker.logGroup.addMetricFilter('FailedJobs', {
      filterPattern: FilterPattern.literal('{ $.message = "monitor job failed" }'),
      metricNamespace: 'WebExtraction/Monitors',
      metricName: 'FailedJobs',
      metricValue: '1',
    });
    return new Alarm(this, 'CheckWorkerErrors', {
      alarmDescription: 'The check worker failed: a crash or timeout, or a job it returned to the queue.',
      metric: new MathExpression({
        expression: 'FILL(errors, 0) + FILL(failedJobs, 0)',
        usingMetrics: {
          errors: worker.handler.metricErrors({ statistic: 'Sum' }),
          failedJobs: failedJobs.metric({ statistic: 'Sum' }),
        },
        period,
        label: 'Worker errors and failed jobs',
      }),
      threshold: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }
}
