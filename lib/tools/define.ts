import type { z } from '@hono/zod-openapi';
import type { Plan } from '../auth/plans.js';
import type { BrowserNeeds } from '../browser/runtime.js';
import type { Services } from '../services.js';

/** What a tool's `run` sees of the metered call around it. */
export interface ToolContext {
  requestId: string;
  account: { id: string; plan: Plan };
  apiKeyId: string;
  services: Services;
  /** Adds a top-level `warnings` entry to the success envelope. */
  warn(message: string): void;
  /** Credits held for this call: the price, plus conditional add-ons as far as the balance allowed. */
  heldCredits: number;
  /** Records that this key overrode robots.txt for `url` (respect_robots: false). */
  recordRobotsOverride(url: string): Promise<void>;
  /** Aborted when the caller disconnects or the function budget runs out. */
  signal: AbortSignal;
}

export interface ToolOutcome<T> {
  data: T;
  /** The actual charge; defaults to the held price. Never above the hold. */
  credits?: number;
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds tools of every input shape
export type AnyToolSchema = z.ZodObject<any>;

/**
 * Method-style (bivariant) so that a tool with a specific input type is still assignable to
 * the registry's `ToolDefinition<AnyToolSchema>`.
 */
type PriceOf<I> = { bivariant(input: I): number }['bivariant'];

/**
 * What a tool works on, in the README's order: the group it is listed under in /docs and the README.
 * `sites` covers sites, batches and documents.
 */
export type ToolKind = 'pages' | 'sites' | 'browsers' | 'providers' | 'templates';

export interface ToolDefinition<S extends AnyToolSchema = AnyToolSchema, T = unknown> {
  name: string;
  kind: ToolKind;
  /** One line for the catalog and the OpenAPI summary. */
  summary: string;
  description: string;
  /**
   * The firm price of the call as asked (base plus add-ons the input requests, such as scrape's
   * highlights): the balance must cover it, else 402.
   */
  price: number | PriceOf<z.output<S>>;
  /**
   * The most the call can cost when add-ons that run only on need (escalate's +5) do run. The
   * hold takes up to this much, never less than `price`; `run` charges what was actually used.
   */
  holdCeiling?: PriceOf<z.output<S>>;
  /**
   * True for an input this tool serves at its firm price and with no cost outside the process (no
   * fetch, provider or browser: the caller supplied what it reads). Such a call runs first and is
   * charged after, in one statement, instead of holding credits before it runs. A fetch of the
   * target keeps the hold: it is a request to a third party on the caller's behalf, which a caller
   * who cannot pay (or is over its rate) must not be able to make us send.
   */
  chargesAfterRun?: { bivariant(input: z.output<S>): boolean }['bivariant'];
  /** The list price shown in the self-description and catalog. */
  basePrice: number;
  /** Add-on rules in words, shown in the self-description. */
  pricingNotes?: string[];
  schema: S;
  example: z.input<S>;
  /**
   * The shape of `data` in a 200, in zod beside the request schema: published as the OpenAPI 200
   * `data`, the self-description's `response_schema` and MCP `outputSchema`, typed in both SDKs, and
   * every result the tests receive is parsed with it, so a result that drifts from it fails. Fields a
   * call may leave out are optional; objects are not strict, so a new field is not a break.
   */
  result: z.ZodType;
  run(ctx: ToolContext, input: z.output<S>): Promise<ToolOutcome<T>>;
  /**
   * Requests per second per key on this tool, per plan, where the tool's reference sets its own
   * (extract_with_llm: 2 on Free, docs/reference/README.md#rate-limits). Plans not named keep the plan's rate.
   */
  rateLimitPerSecond?: Partial<Record<Plan, number>>;
  /**
   * npm packages the tool imports lazily (`await import(...)`) on a rare path and that are too large
   * to carry in its bundle: every bundle leaves them out and this tool's Lambda ships them beside
   * its bundle, so a cold start never parses them (unpdf's pdf.js is 1.6 MB).
   */
  runtimePackages?: readonly string[];
  /** Fields kept beside the handle when the result is too large to return inline. */
  keepWhenStored?(data: T): Record<string, unknown>;
  /**
   * The characters of `data` that count against `max_inline_chars`, for a tool whose section names
   * them (browser_session: the page content and snapshot trees); the whole JSON otherwise.
   */
  inlineMeasure?(data: T): number;
  /**
   * Tools that drive a browser (their own renders, escalation, the session host) say how to open the
   * browser tier, which a tool's Lambda opens beside its services, and whether they need the host;
   * infra/ gives them the browser layer (and the host's address). Only their bundles carry it.
   */
  browser?: BrowserNeeds;
}

export function defineTool<S extends AnyToolSchema, T>(
  definition: ToolDefinition<S, T>,
): ToolDefinition<S, T> {
  return definition;
}

export function priceOf<S extends AnyToolSchema>(tool: ToolDefinition<S>, input: z.output<S>): number {
  return typeof tool.price === 'function' ? tool.price(input) : tool.price;
}

export function holdCeilingOf<S extends AnyToolSchema>(tool: ToolDefinition<S>, input: z.output<S>): number {
  return Math.max(priceOf(tool, input), tool.holdCeiling?.(input) ?? 0);
}
