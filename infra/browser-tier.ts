import { Duration, SecretValue, Validations } from 'aws-cdk-lib';
import { FlowLogDestination, FlowLogTrafficType, SubnetType, Vpc } from 'aws-cdk-lib/aws-ec2';
import { Architecture } from 'aws-cdk-lib/aws-lambda';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { AnyToolSchema, ToolDefinition } from '../lib/tools/define.js';
import { BrowserHostService } from './browser-host.js';
import { BrowserLayer } from './browser-layer.js';
import type { ServiceFunctionProps } from './service-function.js';

/**
 * What the browser tools need beyond an ordinary tool function, derived from each tool's `browser`
 * declaration: the browser layer, x86_64 (the only architecture @sparticuz/chromium ships) and more
 * memory for every tool that renders; for the tools that keep sessions, a seat in the VPC next to
 * the browser host and the host's address and token.
 */

export interface BrowserTierProps {
  tools: readonly ToolDefinition<AnyToolSchema>[];
  projectRoot: string;
  secretName: string;
  secretVersionId?: string;
  environment: Record<string, string>;
  logRetention?: RetentionDays;
}

const BROWSER_FUNCTION_MEMORY_MB = 2048;

export class BrowserTier extends Construct {
  private readonly layer: BrowserLayer;
  readonly host: BrowserHostService | null = null;
  private readonly vpc: Vpc | null = null;
  private readonly hostToken: string = '';

  constructor(scope: Construct, id: string, props: BrowserTierProps) {
    super(scope, id);
    this.layer = new BrowserLayer(this, 'Runtime', { projectRoot: props.projectRoot });
    if (props.tools.some((tool) => tool.browser?.host)) {
      const vpc = new Vpc(this, 'Vpc', {
        maxAzs: 2,
        natGateways: 1,
        // The default-group lockdown is a custom resource (one more Lambda); the host's groups say who may talk.
        restrictDefaultSecurityGroup: false,
        subnetConfiguration: [
          { name: 'public', subnetType: SubnetType.PUBLIC },
          { name: 'private', subnetType: SubnetType.PRIVATE_WITH_EGRESS },
        ],
      });
      const logBucket = operationsLogBucket(this, props.logRetention ?? RetentionDays.ONE_MONTH);
      // Every flow of the host's VPC (the browser's egress through the NAT included), to S3: what
      // an operator reads when a page will not load or a task cannot reach the database.
      vpc.addFlowLog('FlowLogs', {
        destination: FlowLogDestination.toS3(logBucket, 'vpc-flow-logs/'),
        trafficType: FlowLogTrafficType.ALL,
      });
      this.host = new BrowserHostService(this, 'Host', {
        vpc,
        projectRoot: props.projectRoot,
        secretName: props.secretName,
        secretVersionId: props.secretVersionId,
        environment: props.environment,
        logRetention: props.logRetention,
        accessLogBucket: logBucket,
      });
      this.hostToken = SecretValue.secretsManager(props.secretName, {
        jsonField: 'BROWSER_HOST_TOKEN',
        versionId: props.secretVersionId,
      }).unsafeUnwrap();
      this.vpc = vpc;
    }
  }

  /** The extra settings of one tool's function: nothing for a tool that never drives a browser. */
  functionProps(
    tool: ToolDefinition<AnyToolSchema>,
    environment: Record<string, string>,
  ): Partial<ServiceFunctionProps> {
    if (!tool.browser) return {};
    const props: Partial<ServiceFunctionProps> = {
      architecture: Architecture.X86_64,
      memorySize: BROWSER_FUNCTION_MEMORY_MB,
      layers: [this.layer.layer],
      environment: { ...environment, BROWSER_EXECUTABLE_PATH: 'sparticuz' },
    };
    if (!tool.browser.host || !this.host || !this.vpc) return props;
    return {
      ...props,
      vpc: this.vpc,
      vpcSubnets: { subnetType: SubnetType.PRIVATE_WITH_EGRESS },
      securityGroups: [this.host.clientSecurityGroup],
      environment: {
        ...props.environment,
        BROWSER_HOST_URL: this.host.url,
        BROWSER_HOST_TOKEN: this.hostToken,
      },
    };
  }
}

/**
 * The load balancer's access logs and the VPC's flow logs, kept as long as the log groups. S3-managed
 * encryption: ELB access logs support no KMS key.
 */
function operationsLogBucket(scope: Construct, retention: RetentionDays): Bucket {
  const bucket = new Bucket(scope, 'OperationsLogs', {
    encryption: BucketEncryption.S3_MANAGED,
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
    lifecycleRules: retention === RetentionDays.INFINITE ? [] : [{ expiration: Duration.days(retention) }],
  });
  Validations.of(bucket).acknowledge({
    id: 'AwsSolutions-S1',
    reason:
      'This bucket holds logs (ALB access logs, VPC flow logs) written only by the log delivery services; logging its own access would need a second bucket for no new information.',
  });
  return bucket;
}
