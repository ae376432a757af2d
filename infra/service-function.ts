import { Duration, SecretValue } from 'aws-cdk-lib';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

/**
 * Packages left out of every bundle. The embedded and TCP drivers (PGlite, pg, ioredis) are
 * imported on demand and never chosen in Lambda (DATABASE_DRIVER=neon, Upstash over REST); the
 * browser packages are too large to bundle and only browser tools load them; the AWS SDK v3 ships
 * with the runtime.
 */
export const EXTERNAL_MODULES: readonly string[] = [
  '@electric-sql/pglite',
  'pg',
  'pg-native',
  'ioredis',
  'playwright-core',
  '@sparticuz/chromium',
  '@aws-sdk/*',
];

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
  /** Non-secret configuration added to the defaults (OPT_OUT_HOSTS, ROBOTS_PRODUCT_TOKEN, ...). */
  environment?: Record<string, string>;
  /** Packages from EXTERNAL_MODULES that this function loads at run time and so must bundle. */
  bundles?: readonly string[];
  /** Repository root: where package-lock.json lives and where esbuild resolves from. */
  projectRoot: string;
}

/**
 * Every Lambda of the service, with its defaults in one place: runtime, architecture, timeout,
 * memory, log retention, bundling and secrets. Stacks say only what differs.
 */
export class ServiceFunction extends Construct {
  readonly handler: NodejsFunction;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    super(scope, id);

    // An explicit log group rather than `logRetention`, which adds a custom-resource Lambda to
    // every stack (and to every function count).
    const logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH });

    // Secrets as CloudFormation dynamic references ({{resolve:secretsmanager:...}}): resolved at
    // deploy time, so nothing is looked up at synth and the values never appear in the template or
    // cdk.out. The cost: the plaintext sits in the function's configuration (readable by anyone
    // with lambda:GetFunctionConfiguration) and a rotated secret reaches the functions only on the
    // next deploy. Reading the secret at cold start instead would need lib/env.ts to turn async.
    // No IAM grant: CloudFormation reads the secret with the deployer's role, the function never does.
    const secrets = Object.fromEntries(
      SECRET_FIELDS.map((field) => [
        field,
        SecretValue.secretsManager(props.secretName, { jsonField: field }).unsafeUnwrap(),
      ]),
    );

    const bundled = new Set(props.bundles ?? []);
    this.handler = new NodejsFunction(this, 'Function', {
      entry: props.entry,
      handler: 'handler',
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      timeout: props.timeout ?? Duration.seconds(30),
      memorySize: props.memorySize ?? 1024,
      logGroup,
      projectRoot: props.projectRoot,
      depsLockFilePath: `${props.projectRoot}/package-lock.json`,
      environment: {
        NODE_ENV: 'production',
        DATABASE_DRIVER: 'neon',
        ...secrets,
        ...props.environment,
      },
      bundling: {
        forceDockerBundling: false,
        minify: true,
        target: 'node22',
        // CommonJS, not ESM, although our sources are ESM. esbuild cannot make an ESM bundle load
        // an external lazily: `import pg from 'pg'` inside the on-demand driver module is hoisted
        // to a top-level import of the bundle, so the function would fail at init looking for
        // @electric-sql/pglite, pg and ioredis, which are deliberately absent. In CJS those become
        // `require()` calls that run only if that driver is chosen. The one thing ESM gave us,
        // `import.meta.url` (the migrations folder), is shimmed from `__filename` below. The
        // bundle-loading test in infra/synth.test.ts fails if either half stops holding.
        format: OutputFormat.CJS,
        banner: "const __importMetaUrl = require('url').pathToFileURL(__filename).href;",
        define: { 'import.meta.url': '__importMetaUrl' },
        externalModules: EXTERNAL_MODULES.filter((name) => !bundled.has(name)),
      },
    });
  }
}
