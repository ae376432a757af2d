import type { HostOperation } from '../../browser/host/protocol.js';
import { USES_BROWSER_HOST } from '../../browser/runtime.js';
import { maskProxyCredentials, pickProxy } from '../../browser/stealth/proxy-rotation.js';
import { resolveStealthConfig, type StealthConfig } from '../../browser/stealth/stealth-config.js';
import { browserRuntimeOf, callHost } from '../../browser/tool-bridge.js';
import { ApiError } from '../../errors/api-error.js';
import { defineTool, type ToolContext } from '../define.js';
import { withRedaction } from '../shared/redaction.js';
import { stealthModeResult } from './result-schema.js';
import { type StealthModeInput, stealthModeSchema } from './schema.js';
import { STEALTH_NAVIGATION_MS, stealthScrape } from './stealth-scrape.js';

/**
 * stealth_mode (docs/reference/browsers.md#stealth_mode): 5 credits per call, whatever the operation. `scrape` runs in this
 * function's own browser; contexts (`create_context`, `create_page`, `get_stats`, `cleanup`) live on
 * the browser host; `configure` only validates. Stealth does not solve CAPTCHAs or bypass logins or
 * paywalls, and hosted traffic exits from a datacenter address.
 */

const PRICE = 5;
const HOST_TIMEOUT_MS = 25_000;

const CONFIGURE_NOTE =
  'Validated and resolved with every default; nothing is stored. stealthConfig applies only to the call it is ' +
  'sent on: send it with scrape or create_context.';

export const stealthModeTool = defineTool({
  name: 'stealth_mode',
  kind: 'browsers',
  summary: 'Pages through a stealth browser profile: scrape in one call, or keep a fingerprinted context.',
  description:
    'A browser with a generated, realistic fingerprint (user agent, headers, screen, hardware, WebGL), WebDriver ' +
    'evasion and canvas/WebGL masking from level medium, user agent and client hints matching the real engine at ' +
    'advanced. `scrape` loads a page and returns markdown, html, text, links, metadata or a screenshot URI; ' +
    '`create_context` keeps a context for `create_page`; `get_stats` and `cleanup` manage your contexts; ' +
    '`configure` validates a stealthConfig. Does not solve CAPTCHAs or bypass logins or paywalls.',
  price: PRICE,
  basePrice: PRICE,
  pricingNotes: [`${PRICE} credits per call, every operation.`, 'Errors are uncharged.'],
  schema: stealthModeSchema,
  result: stealthModeResult,
  example: { operation: 'scrape', url: 'https://example.com/pricing', stealthConfig: { level: 'medium' } },
  browser: USES_BROWSER_HOST,
  async run(ctx, input) {
    const config = resolveStealthConfig(input.stealthConfig);
    for (const warning of engineWarnings(input, config)) ctx.warn(warning);
    if (input.operation === 'configure') {
      return {
        data: {
          operation: 'configure',
          engine: input.engine,
          stealthConfig: maskProxyCredentials(config),
          note: CONFIGURE_NOTE,
        },
      };
    }
    const data = await stealthError(() => runOperation(ctx, input, config));
    return { data: input.operation === 'scrape' ? withRedaction(data, input.redact_pii) : data };
  },
  keepWhenStored: (data: Record<string, unknown>) => ({
    url: data.url,
    final_url: data.final_url,
    title: data.title,
  }),
});

async function runOperation(ctx: ToolContext, input: StealthModeInput, config: StealthConfig) {
  const runtime = browserRuntimeOf(ctx);
  const call = (operation: HostOperation, timeoutMs = HOST_TIMEOUT_MS) =>
    callHost<Record<string, unknown>>(
      ctx,
      { tool: 'stealth_mode', respectRobots: input.respect_robots, timeoutMs },
      operation,
    );
  switch (input.operation) {
    case 'scrape':
      if (!runtime.engineInstalled(input.engine)) throw engineMissing(input.engine);
      return (await stealthScrape(ctx, input, config)) as unknown as Record<string, unknown>;
    case 'create_context':
      return call({
        op: 'context.create',
        params: { config, engine: input.engine, verbose: input.verbose, proxy: pickProxy(config) },
      });
    case 'create_page':
      return call(
        {
          op: 'context.page',
          params: {
            contextId: input.contextId ?? '',
            url: input.urlToTest ?? '',
            timeout: STEALTH_NAVIGATION_MS,
          },
        },
        STEALTH_NAVIGATION_MS + 5000,
      );
    case 'get_stats':
      return call({ op: 'context.stats', params: {} });
    case 'cleanup':
      return call({ op: 'context.cleanup', params: {} });
    default:
      throw new ApiError('VALIDATION_ERROR', `Unknown operation ${input.operation}`);
  }
}

/**
 * docs/reference/browsers.md#errors for stealth_mode: a robots.txt refusal is 502 TOOL_ERROR (the browser was not
 * launched for it), a page that outlasts the budget 504 MCP_UPSTREAM_TIMEOUT.
 */
async function stealthError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === 'ROBOTS_DISALLOWED') {
      throw new ApiError('TOOL_ERROR', `${error.message}; no browser was launched for it`, {
        status: 502,
        extra: { reason: 'robots_disallowed' },
      });
    }
    if (error.code === 'FETCH_TIMEOUT') throw new ApiError('MCP_UPSTREAM_TIMEOUT', error.message);
    throw error;
  }
}

function engineMissing(engine: string): ApiError {
  return new ApiError(
    'TOOL_NOT_AVAILABLE',
    `${engine} (Firefox-based) is not installed on this deployment; use engine_a`,
  );
}

/**
 * docs/reference/browsers.md#stealth_mode: what engine_b does not apply, reported by scrape and create_context. (Behind a proxy it would
 * also take locale and timezone from the exit IP; per-call proxies are refused on engine_b.)
 */
function engineWarnings(input: StealthModeInput, config: StealthConfig): string[] {
  if (input.engine !== 'engine_b' || (input.operation !== 'scrape' && input.operation !== 'create_context')) {
    return [];
  }
  const warnings: string[] = [];
  if (config.customUserAgent) warnings.push('customUserAgent is not applied on engine_b');
  if (config.customViewport) warnings.push('customViewport is not applied on engine_b');
  if (input.stealthConfig?.locale !== undefined) {
    warnings.push('locale is fixed when engine_b is launched; the requested locale may not apply');
  }
  return warnings;
}
