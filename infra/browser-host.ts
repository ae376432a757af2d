import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { type IVpc, Port, SecurityGroup, SubnetType } from 'aws-cdk-lib/aws-ec2';
import { Platform } from 'aws-cdk-lib/aws-ecr-assets';
import { Cluster, ContainerImage, Secret as EcsSecret, LogDrivers } from 'aws-cdk-lib/aws-ecs';
import { ApplicationLoadBalancedFargateService } from 'aws-cdk-lib/aws-ecs-patterns';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
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
  environment: Record<string, string>;
  maxSessions?: number;
}

export class BrowserHostService extends Construct {
  readonly url: string;
  readonly clientSecurityGroup: SecurityGroup;

  constructor(scope: Construct, id: string, props: BrowserHostServiceProps) {
    super(scope, id);
    const secret = Secret.fromSecretNameV2(this, 'RuntimeSecret', props.secretName);
    const fromSecret = (field: string) => EcsSecret.fromSecretsManager(secret, field);
    const logGroup = new LogGroup(this, 'Logs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const service = new ApplicationLoadBalancedFargateService(this, 'Service', {
      cluster: new Cluster(this, 'Cluster', { vpc: props.vpc }),
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
          ...props.environment,
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
  }
}
