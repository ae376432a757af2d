import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { type IVpc, Port, SecurityGroup, SubnetType } from 'aws-cdk-lib/aws-ec2';
import { Platform } from 'aws-cdk-lib/aws-ecr-assets';
import {
  Cluster,
  ContainerImage,
  ContainerInsights,
  Secret as EcsSecret,
  LogDrivers,
} from 'aws-cdk-lib/aws-ecs';
import { ApplicationLoadBalancedFargateService } from 'aws-cdk-lib/aws-ecs-patterns';
import type { ApplicationTargetGroup } from 'aws-cdk-lib/aws-elasticloadbalancingv2';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

/**
 * The browser host as a container service: one Fargate task running Debian's Chromium and
 * functions/browser-host.ts, behind an internal Application Load Balancer that only the functions
 * given `allowFrom` may reach. The image is built from infra/browser-host/Dockerfile when the stack
 * is deployed (asset publishing), never at synth, so `cdk synth` stays offline and Docker-free.
 *
 * One task: sessions live in its memory, so a second task would need requests routed by session id
 * (docs/decisions.md). The registry rows of a task that restarts are closed when it starts again.
 */

export const BROWSER_HOST_PORT = 8080;
/** Excluded from the Docker build context that synth stages: nothing the image build reads. */
const CONTEXT_EXCLUDES = [
  'node_modules',
  'cdk.out',
  '.data',
  '.git',
  'test',
  'scripts',
  'docs',
  '**/*.test.ts',
];

export interface BrowserHostServiceProps {
  vpc: IVpc;
  projectRoot: string;
  /** Secrets Manager secret with DATABASE_URL, UPSTASH_REDIS_REST_URL/TOKEN and BROWSER_HOST_TOKEN. */
  secretName: string;
  /** Pins the version its tasks read at start (a new version starts a new deployment). */
  secretVersionId?: string;
  environment: Record<string, string>;
  maxSessions?: number;
  logRetention?: RetentionDays;
  /** Where the load balancer writes its access logs (S3-managed encryption, as ELB requires). */
  accessLogBucket: IBucket;
}

/** Settings of the functions' environment the host never reads (it sends no email). */
const NOT_FOR_THE_HOST = new Set(['EMAIL_FROM']);

export class BrowserHostService extends Construct {
  readonly url: string;
  readonly clientSecurityGroup: SecurityGroup;
  readonly targetGroup: ApplicationTargetGroup;

  constructor(scope: Construct, id: string, props: BrowserHostServiceProps) {
    super(scope, id);
    const secret = Secret.fromSecretNameV2(this, 'RuntimeSecret', props.secretName);
    const fromSecret = (field: string) =>
      props.secretVersionId
        ? EcsSecret.fromSecretsManagerVersion(secret, { versionId: props.secretVersionId }, field)
        : EcsSecret.fromSecretsManager(secret, field);
    const logGroup = new LogGroup(this, 'Logs', {
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const environment = Object.fromEntries(
      Object.entries(props.environment).filter(([name]) => !NOT_FOR_THE_HOST.has(name)),
    );
    const service = new ApplicationLoadBalancedFargateService(this, 'Service', {
      // Container Insights: per-task CPU, memory and restarts, what a misbehaving fleet shows first.
      cluster: new Cluster(this, 'Cluster', {
        vpc: props.vpc,
        containerInsightsV2: ContainerInsights.ENABLED,
      }),
      cpu: 2048,
      memoryLimitMiB: 4096,
      desiredCount: 1,
      publicLoadBalancer: false,
      openListener: false,
      taskSubnets: { subnetType: SubnetType.PRIVATE_WITH_EGRESS },
      minHealthyPercent: 0,
      // A host that cannot start fails the deploy in minutes and rolls back, not after hours.
      circuitBreaker: { enable: true, rollback: true },
      taskImageOptions: {
        image: ContainerImage.fromAsset(props.projectRoot, {
          file: 'infra/browser-host/Dockerfile',
          exclude: CONTEXT_EXCLUDES,
          platform: Platform.LINUX_AMD64,
        }),
        containerPort: BROWSER_HOST_PORT,
        environment: {
          ...environment,
          NODE_ENV: 'production',
          DATABASE_DRIVER: 'neon',
          PORT: String(BROWSER_HOST_PORT),
          BROWSER_EXECUTABLE_PATH: '/usr/bin/chromium',
          BROWSER_MAX_SESSIONS: String(props.maxSessions ?? 16),
        },
        secrets: {
          DATABASE_URL: fromSecret('DATABASE_URL'),
          UPSTASH_REDIS_REST_URL: fromSecret('UPSTASH_REDIS_REST_URL'),
          UPSTASH_REDIS_REST_TOKEN: fromSecret('UPSTASH_REDIS_REST_TOKEN'),
          BROWSER_HOST_TOKEN: fromSecret('BROWSER_HOST_TOKEN'),
        },
        logDriver: LogDrivers.awsLogs({ streamPrefix: 'browser-host', logGroup }),
      },
    });
    service.targetGroup.configureHealthCheck({ path: '/health', interval: Duration.seconds(30) });
    this.targetGroup = service.targetGroup;
    service.loadBalancer.logAccessLogs(props.accessLogBucket, 'browser-host-alb');
    // Invalid headers never reach the host (only our own functions call it, with plain JSON).
    service.loadBalancer.setAttribute('routing.http.drop_invalid_header_fields.enabled', 'true');
    // Sessions end with the task; give in-flight calls time to finish on a deploy.
    service.targetGroup.setAttribute('deregistration_delay.timeout_seconds', '30');

    this.clientSecurityGroup = new SecurityGroup(this, 'Clients', {
      vpc: props.vpc,
      description: 'Functions that may call the browser host',
    });
    service.loadBalancer.connections.allowFrom(
      this.clientSecurityGroup,
      Port.tcp(80),
      'browser tools to the host',
    );
    this.url = `http://${service.loadBalancer.loadBalancerDnsName}`;

    Validations.of(service.taskDefinition).acknowledge({
      id: 'AwsSolutions-ECS2',
      reason:
        "The plain variables are settings, not secrets (NODE_ENV, DATABASE_DRIVER, PORT, BROWSER_EXECUTABLE_PATH, BROWSER_MAX_SESSIONS, OPT_OUT_HOSTS, ROBOTS_PRODUCT_TOKEN); DATABASE_URL, the Upstash pair and BROWSER_HOST_TOKEN come from the runtime secret through the task definition's `secrets`.",
    });
    Validations.of(service.taskDefinition).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'The task execution role pulls the image: ecr:GetAuthorizationToken supports no resource-level permissions (ECR service authorization reference). Its other actions are scoped to the image repository, the log group and the runtime secret.',
    });
  }
}
