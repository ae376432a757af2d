import { Duration, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  type CfnStage,
  HttpApi,
  type HttpRouteIntegration,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { FilterPattern, LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

/** Where the access-log metrics live in CloudWatch. */
export const API_METRICS_NAMESPACE = 'WebExtraction/Api';

/**
 * One JSON object per request, every value quoted (the gateway writes `-` for a value it does not
 * have), so the format itself is JSON and a line always parses; metric filters match on prefixes.
 */
export const ACCESS_LOG_FIELDS = {
  requestId: '"$context.requestId"',
  time: '"$context.requestTime"',
  ip: '"$context.identity.sourceIp"',
  method: '"$context.httpMethod"',
  path: '"$context.path"',
  routeKey: '"$context.routeKey"',
  status: '"$context.status"',
  protocol: '"$context.protocol"',
  responseLength: '"$context.responseLength"',
  latencyMs: '"$context.responseLatency"',
  integrationStatus: '"$context.integrationStatus"',
  integrationLatencyMs: '"$context.integrationLatency"',
  integrationError: '"$context.integrationErrorMessage"',
  errorType: '"$context.error.responseType"',
  userAgent: '"$context.identity.userAgent"',
} as const;

export interface ServiceHttpApiProps {
  defaultIntegration: HttpRouteIntegration;
  /** Steady requests per second across the whole stage: the outer line before any function runs. */
  rateLimit: number;
  burstLimit: number;
  logRetention: RetentionDays;
}

/**
 * The HTTP API and its one stage: stage throttling in front of every function (a flood of unknown
 * keys meets the gateway's limit before it reaches 37 Lambdas and the per-key limiter), and JSON
 * access logs carrying the request id, from which two metrics are derived per route.
 */
export class ServiceHttpApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  readonly accessLogs: LogGroup;

  constructor(scope: Construct, id: string, props: ServiceHttpApiProps) {
    super(scope, id);
    this.api = new HttpApi(scope, 'Api', {
      description: 'Web extraction tools: one route pair and one Lambda per tool.',
      defaultIntegration: props.defaultIntegration,
      createDefaultStage: false,
    });
    this.accessLogs = new LogGroup(this, 'AccessLogs', { retention: props.logRetention });
    const format = `{${Object.entries(ACCESS_LOG_FIELDS)
      .map(([name, value]) => `"${name}":${value}`)
      .join(',')}}`;
    // Under the API, with the id the default stage had, so the stage keeps its logical id.
    this.stage = new HttpStage(this.api, 'DefaultStage', {
      httpApi: this.api,
      autoDeploy: true,
      throttle: { rateLimit: props.rateLimit, burstLimit: props.burstLimit },
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(format),
      },
    });

    // The default route answers without a key (the reference, /openapi.json, the dashboard shell,
    // every unknown path): a tenth of the stage, so a flood of made-up paths cannot take the
    // whole stage's rate from the keyed routes.
    // RouteSettings is a free-form map in the L1, so its keys are written as CloudFormation spells them.
    (this.stage.node.defaultChild as CfnStage).routeSettings = {
      $default: {
        ThrottlingRateLimit: Math.max(1, Math.floor(props.rateLimit / 10)),
        ThrottlingBurstLimit: Math.max(1, Math.floor(props.burstLimit / 10)),
      },
    };

    // The share of 5xx answers per route, as an average: every request writes 100 (a 5xx) or 0.
    // Two filters on one metric, since a filter has one value; the gateway's detailed per-route
    // metrics would cost six custom metrics per route even while idle.
    for (const [filterId, pattern, value] of [
      ['ServerErrors', '{ $.status = "5*" }', '100'],
      ['Answers', '{ $.status = "1*" || $.status = "2*" || $.status = "3*" || $.status = "4*" }', '0'],
    ] as const) {
      this.accessLogs.addMetricFilter(filterId, {
        filterPattern: FilterPattern.literal(pattern),
        metricNamespace: API_METRICS_NAMESPACE,
        metricName: 'ServerErrorPercent',
        metricValue: value,
        dimensions: { Route: '$.routeKey' },
      });
    }
    // Refused by the stage's throttle: a 429 that never reached an integration.
    this.accessLogs.addMetricFilter('GatewayThrottled', {
      filterPattern: FilterPattern.literal('{ $.status = "429" && $.integrationStatus = "-" }'),
      metricNamespace: API_METRICS_NAMESPACE,
      metricName: 'GatewayThrottled',
      metricValue: '1',
    });

    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'The service authenticates every metered route in the application with its own API keys (X-API-Key or Bearer; checksum refused before any lookup, per-key rate limit, credits), and /openapi.json, /docs and the dashboard shell are public by design. A gateway authorizer would repeat the key lookup on every call and cost a second Lambda invocation per request (docs/decisions.md).',
    });
  }

  /** Requests the stage's throttle refused, summed over `period`. */
  gatewayThrottled(period = Duration.minutes(5)): Metric {
    return new Metric({
      namespace: API_METRICS_NAMESPACE,
      metricName: 'GatewayThrottled',
      statistic: 'Sum',
      period,
    });
  }
}
