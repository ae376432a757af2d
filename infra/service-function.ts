import { execFileSync } from 'node:child_process';
import { relative } from 'node:path';
import { AssetHashType, DockerImage, Duration, SecretValue, Validations } from 'aws-cdk-lib';
import type { ISecurityGroup, IVpc, SubnetSelection } from 'aws-cdk-lib/aws-ec2';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  Architecture,
  Code,
  type ILayerVersion,
  Function as LambdaFunction,
  Runtime,
  Tracing,
} from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/**
 * The newest Node.js Lambda offers in the pinned aws-cdk-lib. The bundles target an older Node
 * (infra/bundling/bundle.mjs), so they load on it and on the Node the tests run.
 */
export const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;

/**
 * Packages left out of every bundle. The embedded and TCP drivers (PGlite, pg, ioredis) are
 * imported on demand and never chosen in Lambda (DATABASE_DRIVER=neon, Upstash over REST); the
 * native add-ons `ws` tries and does without (bufferutil, utf-8-validate); the browser packages are too
 * large to bundle (and read files beside their code), so browser tools load them lazily from the
 * browser layer (infra/browser-layer.ts); the AWS SDK v3 ships with the runtime. unpdf (pdf.js,
 * 1.6 MB) is shipped beside the one bundle that loads it (a tool's `runtimePackages`).
 */
export const EXTERNAL_MODULES: readonly string[] = [
  '@electric-sql/pglite',
  'pg',
  'pg-native',
  'ioredis',
  'bufferutil',
  'utf-8-validate',
  'playwright-core',
  '@sparticuz/chromium',
  'fingerprint-generator',
  'fingerprint-injector',
  '@aws-sdk/*',
  'unpdf',
];

/** Relative to the repository root, where the bundler runs. */
const BUNDLER_SCRIPT = 'infra/bundling/bundle.mjs';

/** The Secrets Manager secret's JSON fields, each passed to the function under the same name. */
export const SECRET_FIELDS = ['DATABASE_URL', 'UPSTASH_REDIS_REST_URL', 'UPSTASH_REDIS_REST_TOKEN'] as const;

export interface ServiceFunctionProps {
  /** The wiring file under functions/ that exports `handler`. */
  entry: string;
  description?: string;
  /** Defaults to 30 s: API Gateway's HTTP API gives an integration 30 s at most. */
  timeout?: Duration;
  memorySize?: number;
  /** Name (or ARN) of the Secrets Manager secret holding a JSON object with SECRET_FIELDS. */
  secretName: string;
  /**
   * A version of that secret to pin (context `service:secretVersionId`). CloudFormation re-reads a
   * dynamic reference only when the reference itself changes, so naming the new version after a
   * rotation is what makes the deploy hand every function the new values.
   */
  secretVersionId?: string;
  /**
   * Further fields of the same secret passed under their own names: the provider keys and URLs the
   * deployer put there. Named explicitly, since a dynamic reference to a missing field fails the deploy.
   */
  extraSecretFields?: readonly string[];
  /** Non-secret configuration added to the defaults (OPT_OUT_HOSTS, ROBOTS_PRODUCT_TOKEN, ...). */
  environment?: Record<string, string>;
  /** Packages from EXTERNAL_MODULES that this function loads at run time and so must bundle. */
  bundles?: readonly string[];
  /** Repository root: where package-lock.json lives and where esbuild resolves from. */
  projectRoot: string;
  /**
   * Files copied beside the bundle, paths relative to the repository root → relative to the bundle
   * folder: assets the function reads at run time rather than carries in its code (the reference
   * page's script and styles).
   */
  extraFiles?: Readonly<Record<string, string>>;
  /** Browser tools run on x86_64, the only architecture @sparticuz/chromium ships; arm64 otherwise. */
  architecture?: Architecture;
  layers?: ILayerVersion[];
  /** Functions that call the browser host sit in its VPC. */
  vpc?: IVpc;
  vpcSubnets?: SubnetSelection;
  securityGroups?: ISecurityGroup[];
  /** How long its log group keeps events (the stack's `service:logRetentionDays`). */
  logRetention?: RetentionDays;
  /**
   * For a function invoked asynchronously (EventBridge): the queue an event goes to, with the error,
   * after its retry failed. Functions behind the HTTP API are invoked synchronously and answer
   * their errors themselves.
   */
  onFailure?: IQueue;
}

/**
 * Every Lambda of the service, with its defaults in one place: runtime, architecture, timeout,
 * memory, log retention, bundling and secrets. Stacks say only what differs.
 */
export class ServiceFunction extends Construct {
  readonly handler: LambdaFunction;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    super(scope, id);

    // An explicit log group rather than `logRetention`, which adds a custom-resource Lambda to
    // every stack (and to every function count).
    const logGroup = new LogGroup(this, 'Logs', { retention: props.logRetention ?? RetentionDays.ONE_MONTH });
    this.logGroup = logGroup;
    // Its own role, writing to its own log group only, in place of AWSLambdaBasicExecutionRole
    // (which may create any log group and write to all of them).
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    });
    logGroup.grantWrite(role);
    // Lambda adds this to the roles it makes, not to one it is given: without it a function in the
    // VPC cannot create its network interfaces and the deploy fails.
    if (props.vpc)
      role.addManagedPolicy(
        ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaVPCAccessExecutionRole'),
      );

    // Secrets as CloudFormation dynamic references ({{resolve:secretsmanager:...}}): resolved at
    // deploy time, so nothing is looked up at synth and the values never appear in the template or
    // cdk.out. The cost: the plaintext sits in the function's configuration (readable by anyone
    // with lambda:GetFunctionConfiguration) and a rotated secret reaches the functions only on the
    // next deploy. Reading the secret at cold start instead would need lib/env.ts to turn async.
    // No IAM grant: CloudFormation reads the secret with the deployer's role, the function never does.
    const secrets = Object.fromEntries(
      [...SECRET_FIELDS, ...(props.extraSecretFields ?? [])].map((field) => [
        field,
        SecretValue.secretsManager(props.secretName, {
          jsonField: field,
          versionId: props.secretVersionId,
        }).unsafeUnwrap(),
      ]),
    );

    const bundled = new Set(props.bundles ?? []);
    const external = EXTERNAL_MODULES.filter((name) => !bundled.has(name));
    // Bundled here with esbuild (infra/bundling/bundle.mjs), not through NodejsFunction: its
    // bundling takes no esbuild plugins, and the one that drops zod's 40 unused locales took a
    // quarter off every bundle. The asset is hashed by its output, so an unchanged bundle is not
    // uploaded again.
    const job = JSON.stringify({
      entry: relative(props.projectRoot, props.entry),
      external,
      extraFiles: props.extraFiles ?? {},
    });
    const code = Code.fromAsset(props.projectRoot, {
      assetHashType: AssetHashType.OUTPUT,
      bundling: {
        // The command also keys CDK's bundling cache, so each entry gets its own bundle. It runs
        // here (local); the image is only the fallback where `node` cannot run the bundler.
        image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22'),
        command: ['node', BUNDLER_SCRIPT, job, '/asset-output'],
        local: {
          tryBundle(outputDir) {
            execFileSync(process.execPath, [BUNDLER_SCRIPT, job, outputDir], {
              cwd: props.projectRoot,
              stdio: 'inherit',
            });
            return true;
          },
        },
      },
    });

    this.handler = new LambdaFunction(this, 'Function', {
      code,
      handler: 'index.handler',
      description: props.description,
      runtime: LAMBDA_RUNTIME,
      role,
      tracing: Tracing.ACTIVE,
      ...(props.onFailure && {
        onFailure: new SqsDestination(props.onFailure),
        retryAttempts: 1,
        maxEventAge: Duration.hours(1),
      }),
      architecture: props.architecture ?? Architecture.ARM_64,
      layers: props.layers,
      vpc: props.vpc,
      vpcSubnets: props.vpcSubnets,
      securityGroups: props.securityGroups,
      timeout: props.timeout ?? Duration.seconds(30),
      memorySize: props.memorySize ?? 1024,
      logGroup,
      environment: {
        NODE_ENV: 'production',
        DATABASE_DRIVER: 'neon',
        ...secrets,
        ...props.environment,
      },
    });
    acknowledgeFunctionFindings(this, props);
  }
}

/** The cdk-nag findings every service function carries by design, each with its evidence. */
function acknowledgeFunctionFindings(fn: Construct, props: ServiceFunctionProps): void {
  Validations.of(fn).acknowledge({
    id: 'AwsSolutions-IAM5[Resource::*]',
    reason:
      'Active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions (X-Ray service authorization reference), so their statement must name "*".',
  });
  Validations.of(fn).acknowledge({
    id: 'Serverless-LambdaDLQ',
    reason: props.onFailure
      ? 'Asynchronous failures go to an on-failure destination (the same SQS queue a dead-letter config would name, with the error and the request attached), which supersedes the older DeadLetterConfig this rule reads.'
      : 'Invoked synchronously (API Gateway proxy integration, or the SQS event source mapping whose queue has its own redrive policy): the error goes back to the caller or the queue, and a function dead-letter queue only ever receives asynchronous invocations.',
  });
  if (props.vpc) {
    Validations.of(fn).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaVPCAccessExecutionRole]',
      reason:
        'A function in a VPC needs the network-interface actions Lambda names for VPC access (ec2:CreateNetworkInterface, ec2:DescribeNetworkInterfaces, ec2:DeleteNetworkInterface, ec2:AssignPrivateIpAddresses, ec2:UnassignPrivateIpAddresses); the Describe actions support no resource-level permissions, and AWS keeps this managed policy in step with what Lambda calls.',
    });
  }
}
