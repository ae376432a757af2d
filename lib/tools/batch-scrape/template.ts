import type { PageDocument } from '../../extract/page-document.js';
import { selectAll } from '../../extract/selector.js';
import { toAbsolute } from '../../extract/urls.js';
import { textOf } from '../../html/dom.js';
import { looksLikeXPath, type TemplateField } from './schema.js';

export interface TemplateValues {
  /** Field name → the first match's text or attribute; null when nothing matched. */
  fields: Record<string, string | null>;
  /** Field name → why its value is null (or came from elsewhere); only fields that need one. */
  field_notes: Record<string, string>;
}

const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'poster', 'cite', 'data-src', 'data-href']);

/** The extraction template over one page: the first match per field, as text or one attribute. */
export function applyTemplate(document: PageDocument, template: readonly TemplateField[]): TemplateValues {
  const values: TemplateValues = { fields: {}, field_notes: {} };
  for (const field of template) {
    if (looksLikeXPath(field.selector)) {
      values.fields[field.name] = null;
      values.field_notes[field.name] = 'XPath selectors are unsupported; use a CSS selector';
      continue;
    }
    const [first] = selectAll(document.$, field.selector);
    if (!first) {
      values.fields[field.name] = null;
      values.field_notes[field.name] = `no element matches ${field.selector}`;
      continue;
    }
    if (field.attribute === undefined) {
      values.fields[field.name] = textOf(first);
      continue;
    }
    const name = field.attribute.toLowerCase();
    const raw = first.attribs[name];
    if (raw === undefined) {
      values.fields[field.name] = null;
      values.field_notes[field.name] =
        `the element matching ${field.selector} has no ${field.attribute} attribute`;
      continue;
    }
    values.fields[field.name] = URL_ATTRIBUTES.has(name) ? (toAbsolute(raw, document.baseUrl) ?? raw) : raw;
  }
  return values;
}
