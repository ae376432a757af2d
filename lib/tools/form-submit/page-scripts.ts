import { pageFunction } from '../../browser/page/page-function.js';

/** What form_submit reads inside the page, as page functions (see page-function.ts for why strings). */

export interface FormDetails {
  action: string | null;
  method: string;
  fieldCount: number;
  requiredFields: string[];
}

export interface ShownError {
  field: string | null;
  message: string;
}

/** The form a field belongs to: its form owner, else the nearest form around it. */
export const formOfField = pageFunction<Element, HTMLFormElement | null>(
  'el',
  `return el.form || (el.closest && el.closest('form')) || null;`,
);

/** docs/reference/browsers.md#form_submit `formDetails`: where and how it submits, how many fields, which are required. */
export const describeForm = pageFunction<HTMLFormElement, FormDetails>(
  'form',
  `const skip = new Set(['hidden', 'submit', 'button', 'reset', 'image']);
  const fields = Array.from(form.elements).filter((el) => {
    const tag = el.localName;
    if (tag === 'select' || tag === 'textarea') return true;
    return tag === 'input' && !skip.has((el.getAttribute('type') || 'text').toLowerCase());
  });
  // A radio group is one field, however many buttons it has.
  const groups = new Set();
  let fieldCount = 0;
  for (const el of fields) {
    if (el.type === 'radio' && el.name) {
      if (groups.has(el.name)) continue;
      groups.add(el.name);
    }
    fieldCount += 1;
  }
  const required = [];
  for (const el of fields) {
    if (!el.required) continue;
    const name = el.name || el.id || el.localName;
    if (!required.includes(name)) required.push(name);
  }
  return {
    action: form.getAttribute('action') === null ? (document.location.href || null) : form.action,
    method: (form.getAttribute('method') || 'get').toLowerCase(),
    fieldCount,
    requiredFields: required,
  };`,
);

/** The button a user would press: an explicit submit control of the form, else any button in it. */
export const findSubmitControl = pageFunction<HTMLFormElement | null, Element | null>(
  'form',
  `const scope = form || document;
  const explicit = 'button[type=submit], input[type=submit], input[type=image], button:not([type])';
  let found = scope.querySelector(explicit);
  if (!found && form && form.id) found = document.querySelector('[form="' + CSS.escape(form.id) + '"]:is(' + explicit + ')');
  if (!found && form) found = form.querySelector('button, [role=button]');
  return found;`,
);

/** Constraint validation the browser would show before sending (required, type, pattern, min/max). */
export const nativeValidationErrors = pageFunction<HTMLFormElement, ShownError[]>(
  'form',
  `if (form.noValidate) return [];
  const out = [];
  for (const el of Array.from(form.elements)) {
    if (el.willValidate && !el.checkValidity()) {
      out.push({ field: el.name || el.id || null, message: el.validationMessage || 'invalid value' });
    }
  }
  return out;`,
);

/**
 * Validation messages the page shows: the error containers of the common form libraries and
 * frameworks (Bootstrap, Django, Rails, ASP.NET, ARIA alerts and invalid fields), visible and
 * non-empty, each tied to the field it sits next to when one is found.
 */
export const shownValidationErrors = pageFunction<null, ShownError[]>(
  '_',
  `const selectors = ['[role=alert]', '[aria-live=assertive]', '.error', '.errors', '.error-message', '.field-error',
    '.form-error', '.invalid-feedback', '.errorlist li', '.help-block.error', '.has-error .help-block', '.text-danger',
    '.alert-danger', '.alert-error', '.validation-error', '.validation-summary-errors li', '.field_with_errors + .error',
    '.is-invalid ~ .feedback', '[data-error]'];
  const visible = (el) => typeof el.checkVisibility === 'function' ? el.checkVisibility({ checkVisibilityCSS: true, visibilityProperty: true }) : el.offsetParent !== null;
  const fieldNear = (el) => {
    const named = el.getAttribute('for') || el.getAttribute('data-field');
    if (named) return named;
    const box = el.closest('.form-group, .field, .form-field, .form-row, .input-group, p, li, div');
    const input = box && box.querySelector('input:not([type=hidden]), select, textarea');
    return input ? input.name || input.id || null : null;
  };
  const out = [];
  const seen = new Set();
  for (const el of document.querySelectorAll(selectors.join(','))) {
    if (out.length >= 20 || !visible(el)) continue;
    if (el.querySelector(selectors.join(','))) continue;
    // An alert region also carries thank-you notes: those are not errors.
    if (el.closest('.alert-success, .alert-info, .success, .notice, [class*=success], [role=status]')) continue;
    const message = (el.innerText || el.textContent || '').replace(/\\s+/g, ' ').trim().slice(0, 300);
    if (!message || seen.has(message)) continue;
    seen.add(message);
    out.push({ field: fieldNear(el), message });
  }
  for (const el of document.querySelectorAll('[aria-invalid=true]')) {
    if (out.length >= 20) break;
    const ref = el.getAttribute('aria-errormessage') || el.getAttribute('aria-describedby');
    const target = ref ? document.getElementById(ref.split(/\\s+/)[0]) : null;
    const message = target ? (target.textContent || '').replace(/\\s+/g, ' ').trim() : '';
    const text = message || 'invalid value';
    if (seen.has(text) && message) continue;
    seen.add(text);
    out.push({ field: el.name || el.id || null, message: text });
  }
  return out;`,
);
