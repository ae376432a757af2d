import { ApiError } from '../../errors/api-error.js';
import { templates } from './catalog.js';
import { validateParams } from './params.js';
import { matchUrl, type SiteTemplate } from './template.js';

interface SelectionBase {
  /** How `auto` chose: by the platform's host, or only by the path's shape (null: named by the caller). */
  autoMatch: 'host' | 'path' | null;
}

export type Selection =
  | (SelectionBase & { kind: 'page'; template: SiteTemplate & { kind: 'page' }; url: URL })
  | (SelectionBase & {
      kind: 'params';
      template: SiteTemplate & { kind: 'params' };
      url: URL | null;
      params: Record<string, unknown>;
    });

export interface SelectionInput {
  template: string;
  url?: string;
  params?: Record<string, unknown>;
}

export function templateById(id: string): SiteTemplate | undefined {
  return templates.find((template) => template.id === id);
}

/** `auto`: the first template whose platform host the URL is on, else the first whose path shape fits. */
export function matchTemplate(url: URL): { template: SiteTemplate; match: 'host' | 'path' } | null {
  let byPath: SiteTemplate | null = null;
  for (const template of templates) {
    const match = matchUrl(template, url);
    if (match === 'host') return { template, match };
    if (match === 'path') byPath ??= template;
  }
  return byPath ? { template: byPath, match: 'path' } : null;
}

export function templateForUrl(url: URL): SiteTemplate | null {
  return matchTemplate(url)?.template ?? null;
}

/**
 * Which template runs and on what (docs/reference/templates.md#scrape_template): a page template needs `url` (MISSING_URL,
 * also when only `params` came); a connector takes `params`, or a platform URL it resolves to
 * params; `auto` needs `url` and answers NO_TEMPLATE_MATCH for a site no template knows.
 */
export function selectTemplate(input: SelectionInput, warn: (message: string) => void): Selection {
  const url = input.url === undefined ? null : new URL(input.url);
  let template: SiteTemplate | undefined;
  let autoMatch: 'host' | 'path' | null = null;
  if (input.template === 'auto') {
    if (url === null) {
      throw new ApiError('MISSING_URL', 'template auto picks a template from url: send the url of the page', {
        details: [{ field: 'url', message: 'required when template is auto' }],
      });
    }
    const matched = matchTemplate(url);
    if (!matched) {
      throw new ApiError(
        'NO_TEMPLATE_MATCH',
        `No template matches ${url.href}; template: list shows every template and the sites it reads`,
        { details: [{ field: 'url', message: 'no template recognises this host and path' }] },
      );
    }
    template = matched.template;
    autoMatch = matched.match;
  } else {
    template = templateById(input.template);
  }
  // Unreachable past the schema's enum; narrows for the compiler.
  if (!template) throw new Error(`unknown template ${input.template}`);

  if (template.kind === 'page') {
    if (url === null) {
      const why = input.params
        ? `${template.id} is a page template: it reads the page at url, and params are for the API connectors`
        : `${template.id} reads the page at url: send url`;
      throw new ApiError('MISSING_URL', why, {
        details: [{ field: 'url', message: 'required by this template' }],
      });
    }
    if (input.params && Object.keys(input.params).length > 0) {
      warn(`params ignored: ${template.id} is a page template and reads only the page at url`);
    }
    return { kind: 'page', template, autoMatch, url };
  }

  const fromUrl = url && template.fromUrl ? template.fromUrl(url) : null;
  if (url !== null && fromUrl === null) {
    if (!input.params) {
      throw new ApiError(
        'INVALID_TEMPLATE_PARAMS',
        `${url.href} is not a URL ${template.id} can read; send params`,
        {
          details: [{ field: 'url', message: `not a URL of the platform behind ${template.id}` }],
        },
      );
    }
    warn(`url ignored: ${template.id} cannot read ${url.href}; the params were used`);
  }
  const params = validateParams(template, { ...fromUrl, ...input.params }, warn);
  return { kind: 'params', template, autoMatch, url, params };
}
