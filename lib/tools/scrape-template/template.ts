import type { z } from '@hono/zod-openapi';
import type { SourceReader } from './source-reader.js';

/**
 * What one template is: a neutral id (the API's name; docs/decisions.md names the platform behind
 * it), the platform URLs it reads, and the mapping from what those URLs answer to a clean record
 * or list. A page template reads the page a `url` names; a params template (API connector) reads
 * the platform's public API from `params`, or from a platform URL it resolves to params.
 */

export type TemplateMode = 'entity' | 'list';
export type TemplateGroup = 'page' | 'jobs' | 'government';

/**
 * How surely a URL belongs to a template: `host` when its host is the platform's, `path` when only
 * the path's shape says so (a storefront on its own domain). `auto` prefers a host match.
 */
export type UrlMatch = 'host' | 'path' | null;

export interface TemplateContext {
  reader: SourceReader;
  /** Adds a top-level `warnings` entry to the response. */
  warn(message: string): void;
}

export interface Extraction {
  /** The record (entity mode) or `{items, count, total_available?}` (list mode). */
  data: unknown;
  /** The URL whose answer the data came from (after redirects). */
  fetchedUrl: string;
}

interface TemplateBase {
  id: string;
  /** Human name, returned as `template_name`. */
  name: string;
  description: string;
  mode: TemplateMode;
  group: TemplateGroup;
  /** The platform URLs the template reads, with placeholders: documentation and `list`. */
  sources: readonly string[];
  /** URLs `auto` recognises for this template (tested). */
  examples: readonly string[];
}

export interface PageTemplate extends TemplateBase {
  kind: 'page';
  match(url: URL): UrlMatch;
  extract(ctx: TemplateContext, url: URL): Promise<Extraction>;
}

// biome-ignore lint/suspicious/noExplicitAny: the catalog holds templates of every params shape
export type AnyParamsSchema = z.ZodObject<any>;

export interface ParamsTemplate<S extends AnyParamsSchema = AnyParamsSchema> extends TemplateBase {
  kind: 'params';
  /** Every parameter with its description, default and bounds; `list` shows it. */
  params: S;
  /** The params a platform URL stands for (a board URL), or null when the URL is not one of its. */
  fromUrl?(url: URL): Record<string, unknown> | null;
  /** Default `host`: `auto` picks the template for a URL `fromUrl` resolves. */
  urlMatch?: 'host' | 'path';
  extract(ctx: TemplateContext, params: z.output<S>): Promise<Extraction>;
}

export type SiteTemplate = PageTemplate | ParamsTemplate;

export function definePageTemplate(template: Omit<PageTemplate, 'kind'>): PageTemplate {
  return { kind: 'page', ...template };
}

export function defineParamsTemplate<S extends AnyParamsSchema>(
  template: Omit<ParamsTemplate<S>, 'kind'>,
): ParamsTemplate<S> {
  return { kind: 'params', ...template };
}

/** How surely `url` belongs to `template` (params templates: when `fromUrl` resolves it). */
export function matchUrl(template: SiteTemplate, url: URL): UrlMatch {
  if (template.kind === 'page') return template.match(url);
  if (!template.fromUrl || template.fromUrl(url) === null) return null;
  return template.urlMatch ?? 'host';
}
