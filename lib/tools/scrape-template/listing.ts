import { templates } from './catalog.js';
import { describeParams, type ParamDescription } from './params.js';
import type { TemplateGroup, TemplateMode } from './template.js';

export interface TemplateListing {
  id: string;
  name: string;
  description: string;
  mode: TemplateMode;
  group: TemplateGroup;
  /** `url` for page templates; `params` for connectors (which also resolve the platform URLs in `examples`). */
  input: 'url' | 'params';
  /** The platform URLs the template reads. */
  sources: readonly string[];
  /** URLs `auto` recognises for it. */
  examples: readonly string[];
  params?: ParamDescription[];
}

/** `template: list`: every template, with `params` for the connectors (docs/reference/templates.md#scrape_template). */
export interface TemplateCatalog {
  template: 'list';
  count: number;
  templates: TemplateListing[];
}

export function listTemplates(): TemplateCatalog {
  const listed = templates.map((template): TemplateListing => {
    const base = {
      id: template.id,
      name: template.name,
      description: template.description,
      mode: template.mode,
      group: template.group,
      input: template.kind === 'page' ? ('url' as const) : ('params' as const),
      sources: template.sources,
      examples: template.examples,
    };
    return template.kind === 'params' ? { ...base, params: describeParams(template.params) } : base;
  });
  return { template: 'list', count: listed.length, templates: listed };
}
