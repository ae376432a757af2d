import { fileURLToPath } from 'node:url';
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { type HttpApi, HttpMethod, PayloadFormatVersion } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { REFERENCE_ASSETS, REFERENCE_ASSETS_FOLDER } from '../lib/app/reference-page.js';
import { toolPath } from '../lib/app/self-description.js';
import { DASHBOARD_ASSETS_FOLDER } from '../lib/dashboard/assets.js';
import { writeDashboard } from '../lib/dashboard/build.js';
import { PROVIDER_VARIABLE_NAMES } from '../lib/env.js';
import type { AnyToolSchema, ToolDefinition } from '../lib/tools/define.js';
import { tools as registry } from '../lib/tools/registry.js';
import { Alarms } from './alarms.js';
import { BrowserTier } from './browser-tier.js';
import { ServiceHttpApi } from './http-api.js';
import { McpEndpoint } from './mcp-endpoint.js';
import { Monitors } from './monitors.js';
import { runtimePackageFiles } from './runtime-packages.js';
import { ServiceFunction } from './service-function.js';

export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');

/** CDK context keys this stack reads (cdk.json, or `-c key=value`). No AWS lookups. */
export const CONTEXT = {
  secretName: 'service:secretName',
  /** The runtime secret's version to deploy (after a rotation); unset, its current version. */
  secretVersionId: 'service:secretVersionId',
  optOutHosts: 'service:optOutHosts',
  robotsProductToken: 'service:robotsProductToken',
  emailFrom: 'service:emailFrom',
  /** Comma-separated provider variables (SEARXNG_URL, OPENAI_API_KEY, …) the runtime secret also holds. */
  providerSecrets: 'service:providerSecrets',
  /** Days every log group keeps its events (one of CloudWatch's retention values). */
  logRetentionDays: 'service:logRetentionDays',
  /** Where the alarm topic sends email; without it the topic has no subscriber. */
  alarmEmail: 'service:alarmEmail',
  /** The HTTP API stage's steady requests per second and burst, across every route. */
  apiRateLimit: 'service:apiRateLimit',
  apiBurstLimit: 'service:apiBurstLimit',
} as const;

const DEFAULT_LOG_RETENTION_DAYS = RetentionDays.ONE_MONTH;
export const DEFAULT_API_RATE_LIMIT = 200;
export const DEFAULT_API_BURST_LIMIT = 400;

export const DEFAULT_SECRET_NAME = 'web-extraction/runtime';

/** Where synth builds the dashboard (gitignored), relative to the repository root. */
export const DASHBOARD_BUILD_FOLDER = 'build/dashboard';

export interface ExtractionServiceStackProps extends StackProps {
  /** Defaults to the registry; tests pass their own to exercise the per-tool wiring. */
  tools?: readonly ToolDefinition<AnyToolSchema>[];
  /** A tool's wiring file; defaults to functions/tools/<name>.ts. Must lie under the repository. */
  toolEntry?: (toolName: string) => string;
}

/** The provider variables named in context, each checked, so a typo fails synth rather than the deploy. */
export function providerSecretFields(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  const names = String(value)
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !PROVIDER_VARIABLE_NAMES.includes(name));
  if (unknown.length > 0)
    throw new Error(
      `${CONTEXT.providerSecrets}: ${unknown.join(', ')} is not a provider variable (${PROVIDER_VARIABLE_NAMES.join(', ')})`,
    );
  return [...new Set(names)];
}

/** A retention CloudWatch accepts, from context; anything else fails synth naming the choices. */
function logRetentionFrom(value: unknown): RetentionDays {
  if (value === undefined || value === null || value === '') return DEFAULT_LOG_RETENTION_DAYS;
  const days = Number(value);
  const allowed = Object.values(RetentionDays).filter((entry): entry is number => typeof entry === 'number');
  if (!allowed.includes(days))
    throw new Error(
      `${CONTEXT.logRetentionDays}: ${String(value)} is not a CloudWatch retention (${allowed.join(', ')})`,
    );
  return days as RetentionDays;
}

/** A positive whole number from context, or the default. */
function positiveIntegerFrom(key: string, value: unknown, fallback: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0)
    throw new Error(`${key}: ${String(value)} is not a positive integer`);
  return number;
}

/** analyze_content → AnalyzeContent, for construct ids. */
function pascalCase(name: string): string {
  return name.replace(/(^|[_-])([a-z0-9])/g, (_, __, letter: string) => letter.toUpperCase());
}

/**
 * One Lambda and one GET + POST route per registry tool behind one HTTP API, and the hosted
 * monitors (their API, sweeper, queue and check worker).
 */
export class ExtractionServiceStack extends Stack {
  readonly api: HttpApi;

  constructor(scope: Construct, id: string, props: ExtractionServiceStackProps = {}) {
    super(scope, id, props);
    const tools = props.tools ?? registry;
    const toolEntry = props.toolEntry ?? ((name: string) => `${PROJECT_ROOT}/functions/tools/${name}.ts`);

    const secretName: string = this.node.tryGetContext(CONTEXT.secretName) ?? DEFAULT_SECRET_NAME;
    const environment: Record<string, string> = {};
    const optOutHosts = this.node.tryGetContext(CONTEXT.optOutHosts);
    if (optOutHosts) environment.OPT_OUT_HOSTS = String(optOutHosts);
    const robotsProductToken = this.node.tryGetContext(CONTEXT.robotsProductToken);
    if (robotsProductToken) environment.ROBOTS_PRODUCT_TOKEN = String(robotsProductToken);
    const emailFrom = this.node.tryGetContext(CONTEXT.emailFrom);
    if (emailFrom) environment.EMAIL_FROM = String(emailFrom);
    const extraSecretFields = providerSecretFields(this.node.tryGetContext(CONTEXT.providerSecrets));
    const logRetention = logRetentionFrom(this.node.tryGetContext(CONTEXT.logRetentionDays));
    const secretVersionId: string | undefined = this.node.tryGetContext(CONTEXT.secretVersionId) || undefined;
    const shared = {
      secretName,
      secretVersionId,
      extraSecretFields,
      environment,
      projectRoot: PROJECT_ROOT,
      logRetention,
    };

    // The dashboard is built here, only when this synth bundles (the template tests skip both).
    const dashboardFiles = this.bundlingRequired
      ? writeDashboard(`${PROJECT_ROOT}/${DASHBOARD_BUILD_FOLDER}`).map((name) => [
          `${DASHBOARD_BUILD_FOLDER}/${name}`,
          `${DASHBOARD_ASSETS_FOLDER}/${name}`,
        ])
      : [];
    // The default route: /openapi.json, /docs, the tool list, GET /api/v1/usage, /api/v1/keys,
    // /api/v1/requests, the dashboard, and the service's own 404/405 envelopes for anything no other route matches.
    const catalog = new ServiceFunction(this, 'ApiCatalog', {
      ...shared,
      entry: `${PROJECT_ROOT}/functions/api-catalog.ts`,
      extraFiles: Object.fromEntries([
        ...REFERENCE_ASSETS.map((asset) => [
          `node_modules/swagger-ui-dist/${asset}`,
          `${REFERENCE_ASSETS_FOLDER}/${asset}`,
        ]),
        ...dashboardFiles,
      ]),
      description:
        'OpenAPI document, reference page, tool catalog, usage, keys, requests, dashboard and unmatched routes.',
    });
    const gateway = new ServiceHttpApi(this, 'ApiAccess', {
      defaultIntegration: new HttpLambdaIntegration('ApiCatalogIntegration', catalog.handler, {
        payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
      }),
      rateLimit: positiveIntegerFrom(
        CONTEXT.apiRateLimit,
        this.node.tryGetContext(CONTEXT.apiRateLimit),
        DEFAULT_API_RATE_LIMIT,
      ),
      burstLimit: positiveIntegerFrom(
        CONTEXT.apiBurstLimit,
        this.node.tryGetContext(CONTEXT.apiBurstLimit),
        DEFAULT_API_BURST_LIMIT,
      ),
      logRetention,
    });
    this.api = gateway.api;

    const browser = tools.some((tool) => tool.browser)
      ? new BrowserTier(this, 'Browser', {
          tools,
          projectRoot: PROJECT_ROOT,
          secretName,
          secretVersionId,
          environment,
          logRetention,
        })
      : null;
    for (const tool of tools) {
      const id = `Tool${pascalCase(tool.name)}`;
      const fn = new ServiceFunction(this, id, {
        ...shared,
        ...browser?.functionProps(tool, environment),
        entry: toolEntry(tool.name),
        extraFiles: runtimePackageFiles(PROJECT_ROOT, tool.runtimePackages ?? []),
        description: `${tool.name}: ${tool.summary}`.slice(0, 256),
      });
      this.api.addRoutes({
        path: toolPath(tool.name),
        methods: [HttpMethod.POST, HttpMethod.GET],
        integration: new HttpLambdaIntegration(`${id}Integration`, fn.handler, {
          payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
        }),
      });
    }

    // Hosted monitors; their sweeper also returns stale credit holds (every five minutes).
    // Confirmation and unsubscribe links in monitor emails point at the API's own address.
    const monitorsShared = {
      ...shared,
      environment: { ...environment, PUBLIC_BASE_URL: this.api.apiEndpoint },
    };
    const monitors = new Monitors(this, 'Monitors', {
      api: this.api,
      shared: monitorsShared,
      projectRoot: PROJECT_ROOT,
      emailFrom: emailFrom ? String(emailFrom) : undefined,
    });

    new McpEndpoint(this, 'Mcp', { ...shared, api: this.api });

    new Alarms(this, 'Alarms', {
      email: this.node.tryGetContext(CONTEXT.alarmEmail),
      gateway,
      monitors,
      browserHost: browser?.host ?? null,
    });

    new CfnOutput(this, 'ApiUrl', { value: this.api.apiEndpoint, description: 'Base URL of the HTTP API' });
  }
}
