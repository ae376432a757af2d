import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formSubmitTool } from '../../lib/tools/form-submit/index.js';
import type { TestAccount } from '../support/harness.js';
import { respond } from '../support/tool-site.js';
import {
  AJAX_FORM,
  formPostingTo,
  NO_BUTTON_FORM,
  signupForm,
  signupHandler,
  subscribeApi,
} from './fixtures/forms.js';
import { type BrowserSite, HTML, startBrowserSite } from './support/browser-site.js';

/** form_submit (docs/reference/browsers.md#form_submit) against forms served on loopback and a real Chromium. */

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite({
    host: 'forms.test',
    tools: [formSubmitTool],
    routes: {
      '/signup': signupHandler,
      '/subscribe': respond(200, HTML, AJAX_FORM),
      '/api/subscribe': subscribeApi,
      '/no-button': respond(200, HTML, NO_BUTTON_FORM),
      '/leaky': respond(200, HTML, formPostingTo('http://10.0.0.9/collect')),
      '/private/form': respond(200, HTML, signupForm()),
    },
  });
});
afterAll(() => site?.close());

const submit = (account: TestAccount, body: Record<string, unknown>) =>
  site.harness.tool('form_submit', body, account.key);

const AVATAR = Buffer.from('pixels of a tiny avatar').toString('base64');

const everyField = () => [
  { selector: '#name', value: 'Ada', type: 'text' },
  { selector: '#email', value: 'ada@example.com', type: 'email' },
  { selector: '#password', value: 's3cret!', type: 'password' },
  { selector: '#age', value: 36, type: 'number' },
  { selector: '#plan', value: 'Pro plan', type: 'select' },
  { selector: '#terms', value: true, type: 'checkbox' },
  { selector: 'input[name=contact]', value: 'phone', type: 'radio' },
  { selector: '#bio', value: 'Mathematician.\nFirst programmer.', type: 'textarea' },
  { selector: '#avatar', value: `data:text/plain;base64,${AVATAR}`, type: 'file', filename: 'ada.txt' },
];

describe('a successful submission', () => {
  it('fills every field type, presses the detected button and returns the response, for 3 credits', async () => {
    const account = await site.harness.account({ credits: 100 });
    const res = await submit(account, { url: site.url('/signup'), fields: everyField() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.credits_used).toBe(3);
    const data = res.body.data;
    expect(data.success).toBe(true);
    expect(data.responseUrl).toBe(site.url('/signup'));
    expect(data.responseStatus).toBe(200);
    expect(data.validationErrors).toEqual([]);
    for (const line of [
      'Welcome Ada',
      'email=ada@example.com',
      'password=s3cret!',
      'age=36',
      'plan=pro',
      'terms=yes',
      'contact=phone',
      'bio=Mathematician.',
      'avatar=ada.txt (23 bytes, text/plain): pixels of a tiny avatar',
      'csrf=token-1',
    ]) {
      expect(data.responseContent).toContain(line);
    }
    expect(data.submittedData).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      password: '********',
      age: '36',
      plan: 'pro',
      terms: true,
      contact: 'phone',
      bio: 'Mathematician.\nFirst programmer.',
      avatar: { filename: 'ada.txt', bytes: 23, mime_type: 'text/plain' },
    });
    expect(data.formDetails).toEqual({
      action: site.url('/signup'),
      method: 'post',
      fieldCount: 9,
      requiredFields: ['name', 'email'],
    });
  });

  it('presses the button submitSelector names, and leaves out the response when not captured', async () => {
    const account = await site.harness.account({ credits: 100 });
    const res = await submit(account, {
      url: site.url('/signup'),
      fields: [
        { selector: '#name', value: 'Grace' },
        { selector: '#email', value: 'grace@example.com', type: 'email' },
      ],
      submitSelector: 'form#signup button[type=submit]',
      captureResponse: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.responseContent).toBeUndefined();
    expect(res.body.data.submittedData).toEqual({ name: 'Grace', email: 'grace@example.com' });
  });

  it('waits for a form a script submits, and captures what it drew', async () => {
    const account = await site.harness.account({ credits: 100 });
    const res = await submit(account, {
      url: site.url('/subscribe'),
      fields: [{ selector: '#email', value: 'lin@example.com', type: 'email' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.responseUrl).toBe(site.url('/subscribe'));
    expect(res.body.data.responseContent).toContain('Subscribed lin@example.com');
  });
});

describe('refusals', () => {
  it('answers validation errors the server shows with 422, uncharged', async () => {
    const account = await site.harness.account({ credits: 100 });
    const res = await submit(account, {
      url: site.url('/signup'),
      fields: [
        { selector: '#name', value: 'taken' },
        { selector: '#email', value: 'x@example.com', type: 'email' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.error.code).toBe('FORM_VALIDATION_FAILED');
    expect(res.body.error.validationErrors).toEqual([{ field: 'name', message: 'That name is taken' }]);
    expect(await account.balance()).toBe(100);
  });

  it('answers the browser’s own constraint validation with 422, before anything is sent', async () => {
    const account = await site.harness.account({ credits: 100 });
    const res = await submit(account, {
      url: site.url('/signup'),
      fields: [
        { selector: '#name', value: 'Ada' },
        { selector: '#email', value: 'not-an-email', type: 'email' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.error.validationErrors).toEqual([
      { field: 'email', message: expect.stringContaining('@') },
    ]);
    expect(await account.balance()).toBe(100);
  });

  it('answers a missing field or button with 404, uncharged', async () => {
    const account = await site.harness.account({ credits: 100 });
    const field = await submit(account, {
      url: site.url('/signup'),
      fields: [{ selector: '#nickname', value: 'x' }],
    });
    expect(field.status).toBe(404);
    expect(field.body.error).toMatchObject({
      code: 'ELEMENT_NOT_FOUND',
      message: 'Field not found: #nickname',
    });
    const button = await submit(account, {
      url: site.url('/signup'),
      fields: [{ selector: '#name', value: 'Ada' }],
      submitSelector: '#missing-button',
    });
    expect(button.status).toBe(404);
    expect(button.body.error.message).toBe('Submit button not found: #missing-button');
    const none = await submit(account, {
      url: site.url('/no-button'),
      fields: [{ selector: '#only', value: 'x' }],
    });
    expect(none.status).toBe(404);
    expect(await account.balance()).toBe(100);
  });

  it('refuses a value a field cannot take with 400 naming the field', async () => {
    const account = await site.harness.account({ credits: 100 });
    const radio = await submit(account, {
      url: site.url('/signup'),
      fields: [{ selector: 'input[name=contact]', value: 'pigeon', type: 'radio' }],
    });
    expect(radio.status).toBe(400);
    expect(radio.body.error.details).toEqual([
      { field: 'fields.0.value', message: expect.stringContaining('pigeon') },
    ]);
    const checkbox = await submit(account, {
      url: site.url('/signup'),
      fields: [{ selector: '#terms', value: 'maybe', type: 'checkbox' }],
    });
    expect(checkbox.status).toBe(400);
    expect(await account.balance()).toBe(100);
  });

  it('applies robots.txt and the SSRF guard to the page and to where the form posts', async () => {
    const account = await site.harness.account({ credits: 100 });
    const robots = await submit(account, { url: site.url('/private/form'), fields: [] });
    expect(robots.status).toBe(403);
    expect(robots.body.error.code).toBe('ROBOTS_DISALLOWED');
    const leak = await submit(account, {
      url: site.url('/leaky'),
      fields: [{ selector: '#q', value: 'data' }],
    });
    expect(leak.status, JSON.stringify(leak.body)).toBe(403);
    expect(leak.body.error.code).toBe('SSRF_BLOCKED');
    expect(await account.balance()).toBe(100);
  });
});
