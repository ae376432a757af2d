import type { ElementHandle, Locator, Page, Request, Response } from 'playwright-core';
import { checkLanding, navigate, preflight } from '../../browser/guard/navigation.js';
import { RequestGuard } from '../../browser/guard/request-guard.js';
import { readLivePage } from '../../browser/page/live-page.js';
import { isTimeout } from '../../browser/page/run-actions.js';
import { RENDERS_IN_BROWSER } from '../../browser/runtime.js';
import { browserRuntimeOf, callScope } from '../../browser/tool-bridge.js';
import { ApiError } from '../../errors/api-error.js';
import { PageDocument } from '../../extract/page-document.js';
import { defineTool } from '../define.js';
import { type FilledField, fillField, type SubmittedValue } from './fill-fields.js';
import {
  describeForm,
  type FormDetails,
  findSubmitControl,
  formOfField,
  nativeValidationErrors,
  type ShownError,
  shownValidationErrors,
} from './page-scripts.js';
import { formSubmitResult } from './result-schema.js';
import { type FormSubmitInput, formSubmitSchema } from './schema.js';

/**
 * form_submit (docs/reference/browsers.md#form_submit): load a page, fill its form, press its button, report what came
 * back. 3 credits. A field or button that is not there is 404; a submission the page refuses with
 * validation messages (the browser's own constraint checks, or the server's errors shown on the
 * page) is 422 with `validationErrors`; both uncharged.
 */

const PRICE = 3;
/** How long a click gets to start a navigation before the form is taken to submit by script. */
const NAVIGATION_START_MS = 1500;
const SETTLE_MS = 3000;
const RESPONSE_CHARS = 20_000;

export interface FormSubmitData {
  success: boolean;
  submittedData: Record<string, SubmittedValue>;
  responseUrl: string;
  responseStatus: number | null;
  responseContent?: string;
  validationErrors: ShownError[];
  formDetails: FormDetails | null;
}

export const formSubmitTool = defineTool({
  name: 'form_submit',
  kind: 'browsers',
  summary: 'Fill and submit a web form in a browser, and report the response or the validation errors.',
  description:
    'Loads the page, fills each field by CSS selector (text, email, password, number, textarea, select, checkbox, ' +
    'radio, file from base64), presses the submit button (found in the form when `submitSelector` is omitted), ' +
    'waits for the result and returns the submitted data, the response URL and text, and the form’s action, method ' +
    'and required fields. A missing field or button is 404; validation errors shown by the page are 422.',
  price: PRICE,
  basePrice: PRICE,
  pricingNotes: [
    `${PRICE} credits per submission.`,
    'Missing fields, validation failures and other errors are uncharged.',
  ],
  schema: formSubmitSchema,
  result: formSubmitResult,
  example: {
    url: 'https://example.com/contact',
    fields: [
      { selector: '#name', value: 'Ada Lovelace', type: 'text' },
      { selector: '#email', value: 'ada@example.com', type: 'email' },
      { selector: '#topic', value: 'support', type: 'select' },
      { selector: '#newsletter', value: false, type: 'checkbox' },
    ],
  },
  browser: RENDERS_IN_BROWSER,
  async run(ctx, input) {
    const renderer = browserRuntimeOf(ctx).renderer();
    const scope = callScope(ctx, input.respect_robots);
    const check = new RequestGuard({ config: ctx.services.config, kv: ctx.services.kv });
    await check.withCall(scope, () => preflight(check, input.url));
    const data = await renderer.withPage(scope, { engine: 'engine_a', stealth: null }, ({ page, guard }) =>
      submitForm(page, guard, input),
    );
    return { data };
  },
  keepWhenStored: (data) => ({ success: data.success, responseUrl: data.responseUrl }),
});

async function submitForm(page: Page, guard: RequestGuard, input: FormSubmitInput): Promise<FormSubmitData> {
  await navigate(page, guard, input.url, { timeoutMs: input.timeout });
  const filled: FilledField[] = [];
  for (const [index, field] of input.fields.entries()) filled.push(await fillField(page, field, index));
  const submittedData = Object.fromEntries(filled.map((field) => [field.name, field.value]));

  const button = await submitButton(page, input, filled[0]?.element ?? null);
  const form = await owningForm(button, filled[0]?.element ?? null);
  const formDetails = form ? await evaluateOnForm(form, describeForm) : null;
  const refusal = (errors: ShownError[], responseUrl: string) =>
    new ApiError(
      'FORM_VALIDATION_FAILED',
      `The form was refused: ${errors.map((e) => e.message).join('; ')}`,
      {
        extra: { validationErrors: errors, submittedData, responseUrl, formDetails },
      },
    );

  const invalid = form ? await evaluateOnForm(form, nativeValidationErrors) : [];
  if (invalid.length > 0) throw refusal(invalid, page.url());
  const before = new Set((await page.evaluate(shownValidationErrors, null)).map((error) => error.message));

  const response = await press(page, guard, button, input);
  const shown = (await page.evaluate(shownValidationErrors, null).catch(() => [] as ShownError[])).filter(
    (error) => !before.has(error.message),
  );
  if (shown.length > 0) throw refusal(shown, page.url());

  const status = response?.status() ?? null;
  const data: FormSubmitData = {
    success: status === null || status < 400,
    submittedData,
    responseUrl: page.url(),
    responseStatus: status,
    validationErrors: [],
    formDetails,
  };
  if (input.captureResponse) {
    const live = await readLivePage(page);
    const text = PageDocument.parse(live.html, live.url).text({ onlyMainContent: false, clean: true });
    data.responseContent = text.length > RESPONSE_CHARS ? `${text.slice(0, RESPONSE_CHARS - 3)}...` : text;
  }
  return data;
}

async function submitButton(
  page: Page,
  input: FormSubmitInput,
  firstField: Locator | null,
): Promise<ElementHandle> {
  if (input.submitSelector !== undefined) {
    const button = page.locator(input.submitSelector).first();
    try {
      await button.waitFor({ state: 'attached', timeout: 3000 });
    } catch (error) {
      if (!isTimeout(error)) throw error;
      throw new ApiError('ELEMENT_NOT_FOUND', `Submit button not found: ${input.submitSelector}`, {
        extra: { submitSelector: input.submitSelector },
      });
    }
    return button.elementHandle();
  }
  const form = firstField ? await formOf(await firstField.elementHandle()) : null;
  const found = (
    await page.evaluateHandle(findSubmitControl as (form: unknown) => Element | null, form)
  ).asElement();
  if (!found) {
    throw new ApiError(
      'ELEMENT_NOT_FOUND',
      'Submit button not found: the form has no submit button; name one with submitSelector',
    );
  }
  return found;
}

/** The form the button submits, else the one around the first field. */
async function owningForm(button: ElementHandle, firstField: Locator | null): Promise<ElementHandle | null> {
  return (await formOf(button)) ?? (firstField ? await formOf(await firstField.elementHandle()) : null);
}

async function formOf(element: ElementHandle): Promise<ElementHandle | null> {
  const form = await element.evaluateHandle(formOfField as (el: Node) => Node | null);
  return form.asElement();
}

async function evaluateOnForm<T>(form: ElementHandle, script: (form: HTMLFormElement) => T): Promise<T> {
  return (await form.evaluate(script as (node: Node) => unknown)) as T;
}

/**
 * Presses the button and waits for what follows: the next page when the form navigates, the
 * network settling when a script submits it. The main document's response is kept for its status.
 */
async function press(
  page: Page,
  guard: RequestGuard,
  button: ElementHandle,
  input: FormSubmitInput,
): Promise<Response | null> {
  const mark = guard.mark();
  let response: Response | null = null;
  let navigating = false;
  const onRequest = (request: Request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigating = true;
  };
  const onResponse = (candidate: Response) => {
    if (candidate.request().isNavigationRequest() && candidate.frame() === page.mainFrame())
      response = candidate;
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  try {
    await button.click({ timeout: input.timeout });
    if (input.waitForNavigation) {
      const started = Date.now();
      while (!navigating && Date.now() - started < NAVIGATION_START_MS) await page.waitForTimeout(50);
      if (navigating) await page.waitForLoadState('load', { timeout: input.timeout });
      await page.waitForLoadState('networkidle', { timeout: SETTLE_MS }).catch(() => {});
    } else {
      await page.waitForTimeout(300);
    }
  } catch (error) {
    if (!isTimeout(error)) throw error;
    throw new ApiError('FETCH_TIMEOUT', `The submission did not finish within ${input.timeout} ms`);
  } finally {
    page.off('request', onRequest);
    page.off('response', onResponse);
  }
  const refused = guard.navigationRefusalSince(mark);
  if (refused) throw refused;
  await checkLanding(page, guard, mark);
  return response;
}
