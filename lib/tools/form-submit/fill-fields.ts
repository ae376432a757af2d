import type { Locator, Page } from 'playwright-core';
import { isTimeout } from '../../browser/page/run-actions.js';
import { ApiError, validationError } from '../../errors/api-error.js';
import type { FormField } from './schema.js';

/**
 * Filling docs/reference/browsers.md#form_submit's fields, one per type: text-like inputs and textareas take their value, a select its
 * option (by value, else by visible label), a checkbox true or false, a radio the button of that value
 * within the group the selector names, a file the decoded base64 content. A selector that matches
 * nothing is 404; a value the field cannot take is 400 naming the field.
 */

const FIELD_WAIT_MS = 3000;

export type SubmittedValue =
  | string
  | number
  | boolean
  | string[]
  | { filename: string; bytes: number; mime_type: string };

export interface FilledField {
  name: string;
  value: SubmittedValue;
  /** The first element the selector matched: the form is found from it. */
  element: Locator;
}

export async function fillField(page: Page, field: FormField, index: number): Promise<FilledField> {
  const matches = page.locator(field.selector);
  const element = matches.first();
  try {
    await element.waitFor({ state: 'attached', timeout: FIELD_WAIT_MS });
  } catch (error) {
    if (isTimeout(error)) {
      throw new ApiError('ELEMENT_NOT_FOUND', `Field not found: ${field.selector}`, {
        extra: { field: field.selector },
      });
    }
    throw validationError(`Invalid selector ${field.selector}`, [
      { field: `fields.${index}.selector`, message: firstLine(error) },
    ]);
  }
  const name = (await element.getAttribute('name')) ?? (await element.getAttribute('id')) ?? field.selector;
  const refuse = (message: string) =>
    validationError(`fields.${index}: ${message}`, [{ field: `fields.${index}.value`, message }]);
  try {
    switch (field.type) {
      case 'checkbox': {
        const checked = asBoolean(field.value);
        if (checked === null) throw refuse('a checkbox takes true or false');
        await element.setChecked(checked, { timeout: FIELD_WAIT_MS });
        return { name, value: checked, element };
      }
      case 'radio': {
        const wanted = String(field.value);
        const byValue = matches.and(page.locator(`[value="${cssString(wanted)}"]`));
        const target =
          (await byValue.count()) > 0 ? byValue.first() : (await matches.count()) === 1 ? element : null;
        if (!target) throw refuse(`no radio button with value "${wanted}" in ${field.selector}`);
        await target.check({ timeout: FIELD_WAIT_MS });
        return { name, value: wanted, element };
      }
      case 'select': {
        const values = Array.isArray(field.value) ? field.value : [String(field.value)];
        let chosen = await element
          .selectOption(values, { timeout: FIELD_WAIT_MS })
          .catch(() => [] as string[]);
        if (chosen.length === 0) {
          chosen = await element
            .selectOption(
              values.map((label) => ({ label })),
              { timeout: FIELD_WAIT_MS },
            )
            .catch(() => []);
        }
        if (chosen.length === 0) throw refuse(`no option "${values.join('", "')}" in ${field.selector}`);
        return { name, value: Array.isArray(field.value) ? chosen : chosen[0], element };
      }
      case 'file': {
        const file = decodeFile(field, refuse);
        await element.setInputFiles(
          { name: file.filename, mimeType: file.mimeType, buffer: file.buffer },
          { timeout: FIELD_WAIT_MS },
        );
        return {
          name,
          value: { filename: file.filename, bytes: file.buffer.length, mime_type: file.mimeType },
          element,
        };
      }
      default: {
        const text = Array.isArray(field.value) ? field.value.join(',') : String(field.value);
        await element.fill(text, { timeout: FIELD_WAIT_MS });
        return { name, value: field.type === 'password' ? '********' : text, element };
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw refuse(`${field.selector} could not take a ${field.type} value: ${firstLine(error)}`);
  }
}

function asBoolean(value: FormField['value']): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'on' || value === '1' || value === 1) return true;
  if (value === 'false' || value === 'off' || value === '0' || value === 0) return false;
  return null;
}

/** `value` as plain base64, or a `data:<mime>;base64,` URL that also names the type. */
function decodeFile(field: FormField, refuse: (message: string) => ApiError) {
  if (typeof field.value !== 'string') throw refuse('a file takes base64 content');
  const dataUrl = /^data:([\w.+-]+\/[\w.+-]+)?(?:;[^,]*)?;base64,(.*)$/s.exec(field.value);
  const encoded = (dataUrl ? dataUrl[2] : field.value).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || encoded.length % 4 === 1) throw refuse('not valid base64');
  return {
    buffer: Buffer.from(encoded, 'base64'),
    filename: field.filename ?? 'upload.bin',
    mimeType: field.mime_type ?? dataUrl?.[1] ?? 'application/octet-stream',
  };
}

function cssString(value: string): string {
  return value.replace(/["\\]/g, '\\$&');
}

function firstLine(error: unknown): string {
  return error instanceof Error ? error.message.split('\n')[0].replace(/^[\w.]+: /, '') : String(error);
}
