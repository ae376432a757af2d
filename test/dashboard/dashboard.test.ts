import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOOKS,
  page as html,
  RECEIVER_ENV,
  type Receiver,
  SHOP,
  type Shop,
  startReceiver,
  startShop,
} from '../monitors/support.js';
import { type DevServer, startDevServer } from '../support/dev-server.js';
import { launchBrowser, screenshot, seriousViolations } from './support/browser.js';

/**
 * The dashboard as a user drives it: `npm start` (on the test PostgreSQL server when there is one), Debian's
 * Chromium, a shop on loopback whose price changes between two checks. Each view is screenshotted
 * into test-artifacts/dashboard/ and checked with axe-core. The account is on the free plan, one
 * request per second: the views must cope with the rate limit a new user has.
 */

const KEY = `dashboard-e2e-${randomBytes(8).toString('hex')}`;
const BEFORE = html(
  'Pricing',
  'Basic plan: 10 € per month',
  'Pro plan: 30 € per month',
  'Contact sales for Enterprise.',
);
const AFTER = html(
  'Pricing',
  'Basic plan: 12 € per month',
  'Pro plan: 30 € per month',
  'Contact sales for Enterprise.',
);

let shop: Shop;
let receiver: Receiver;
let server: DevServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let startupOutput = 0;
const requested: string[] = [];

beforeAll(async () => {
  shop = await startShop();
  shop.set('/pricing', BEFORE);
  // The webhook added between the two checks answers 500, so its deliveries show an error.
  receiver = await startReceiver();
  receiver.fail(500);
  [server, browser] = await Promise.all([
    startDevServer({
      DEV_API_KEY: KEY,
      DEV_CREDITS: '500',
      DEV_PLAN: 'free',
      FETCH_HOST_MAP: `${SHOP}=127.0.0.1,${HOOKS}=127.0.0.1`,
      ...RECEIVER_ENV,
    }),
    launchBrowser(),
  ]);
  startupOutput = server.output().length;
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on('request', (request) => requested.push(request.url()));
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await shop?.server.close();
  await receiver?.server.close();
});

async function expectAccessible(name: string, target: Page = page) {
  await screenshot(target, name);
  const violations = await seriousViolations(target);
  expect(violations, `${name}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

/** Views wait on the API, and on the free plan's one request per second: poll for up to 15 s. */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000, interval: 100 });

const nav = () => page.getByRole('navigation', { name: 'Dashboard' });

const heading = (target: Page = page) => target.getByRole('heading', { level: 1 });

describe('the dashboard on `npm start`', () => {
  it('is served from the dev server, announced with the other URLs, and asks for a key', async () => {
    expect(server.output()).toMatch(/dashboard: http:\/\/localhost:\d+\/dashboard/);
    const response = await page.goto(`${server.base}/dashboard`);
    expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
    await eventually(() => heading().textContent()).toBe('Sign in to the dashboard');
    await expectAccessible('sign-in');
  });

  it('shows a refused key as a message next to the field, then signs in with the right one', async () => {
    const field = page.getByLabel('API key');
    await field.fill('wes_this_is_not_a_key_of_anyone_000000000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const error = page.locator('#api-key-error');
    await eventually(() => error.textContent()).toMatch(/not valid.*INVALID_API_KEY/);
    expect(await field.getAttribute('aria-describedby')).toContain('api-key-error');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await expectAccessible('sign-in-refused');

    await field.fill(KEY);
    await field.press('Enter');
    await eventually(() => heading().textContent()).toBe('Monitors');
    expect(await page.evaluate(() => sessionStorage.getItem('web-extraction.api-key'))).toBe(KEY);
    await eventually(() => page.getByText('No monitors yet.').isVisible()).toBe(true);
    await expectAccessible('monitors-empty');
  });

  it('says what to do on an empty usage page', async () => {
    await nav().getByRole('link', { name: 'Usage' }).click();
    await eventually(() => page.getByText('No calls in this range.').isVisible()).toBe(true);
    expect(await page.getByText('500 credits').isVisible()).toBe(true);
    expect(await page.getByText('free', { exact: true }).isVisible()).toBe(true);
    await expectAccessible('usage-empty');
  });

  it('checks the form in the browser, says what is wrong next to each field, then creates the monitor', async () => {
    await nav().getByRole('link', { name: 'Monitors' }).click();
    await page.getByRole('link', { name: 'New monitor' }).first().click();
    await eventually(() => heading().textContent()).toBe('New monitor');
    await eventually(() => page.title()).toBe('New monitor · Web Extraction Service');
    const posted = requested.length;
    await page.getByLabel('Page 1 URL').fill('not a url');
    await page.getByLabel('Schedule (cron)').fill('* * * * *');
    await page.getByLabel('Time zone').fill('Mars/Olympus_Mons');
    await page.getByLabel('Emails to notify (optional)').fill('ops@example.com, not-an-address');
    await page.getByLabel('Webhook URL (optional)').fill('http://hooks.example.com/x');
    await page.getByLabel('Keep checks for (days)').fill('0');
    await page.getByRole('button', { name: 'Create monitor' }).click();
    // Every field at once, in plain words, before anything is sent.
    await eventually(() => page.locator('#monitor-name-error').textContent()).toBe(
      'Give the monitor a name.',
    );
    expect(await page.locator('#monitor-targets-0-url-error').textContent()).toContain(
      'is not a full address',
    );
    expect(await page.locator('#monitor-schedule-cron-error').textContent()).toMatch(
      /^Runs must be at least 5 minutes apart; this schedule runs 1 minute apart\.$/,
    );
    expect(await page.locator('#monitor-timezone-error').textContent()).toContain('is not a time zone');
    expect(await page.locator('#monitor-notify-emails-error').textContent()).toBe(
      'Not an email address: not-an-address.',
    );
    expect(await page.locator('#monitor-webhook-url-error').textContent()).toBe(
      'Webhooks are sent to https URLs only.',
    );
    expect(await page.locator('#monitor-retention-days-error').textContent()).toContain('1 to 365');
    // Nothing was sent: the create call goes to exactly /api/v1/monitors (the list adds a query).
    expect(requested.slice(posted).filter((url) => url.endsWith('/api/v1/monitors'))).toEqual([]);
    await expectAccessible('monitor-form-errors');
    // Editing a field takes its stale message away.
    await page.getByLabel('Keep checks for (days)').fill('30');
    expect(await page.locator('#monitor-retention-days-error').count()).toBe(0);
    await page.getByLabel('Emails to notify (optional)').fill('');
    await page.getByLabel('Webhook URL (optional)').fill('');
    expect(await page.locator('.estimate').textContent()).toContain('The cost estimate appears once');

    await page.getByLabel('Name').fill('Shop pricing');
    await page.getByLabel('Page 1 URL').fill(shop.url('/pricing'));
    await page.getByLabel('Schedule (cron)').fill('0 9 * * 1-5');
    expect(await page.getByText('Reads: At 09:00, on Monday to Friday.').isVisible()).toBe(true);
    await page.getByLabel('Time zone').fill('Europe/Paris');
    // Weekdays at 09:00: about 21 or 22 runs in 30 days, 3 credits each for the one page.
    await eventually(() => page.locator('.estimate').textContent()).toMatch(
      /^Estimated cost: (60|63|66|69) credits a month at most/,
    );
    await page.getByRole('button', { name: 'Create monitor' }).click();
    await eventually(() => heading().textContent()).toBe('Shop pricing');
    await eventually(() => page.getByText('No checks yet.').isVisible()).toBe(true);
    await expectAccessible('monitor-no-checks');
  });

  it('runs the monitor twice while the shop changes, and charts the history', async () => {
    await page.getByRole('button', { name: 'Run now Shop pricing' }).click();
    await eventually(() => page.getByRole('status').first().textContent()).toMatch(
      /completed, 1 new; 3 credits/,
    );
    await page.getByRole('link', { name: 'Edit' }).click();
    await eventually(() => heading().textContent()).toBe('Edit Shop pricing');
    expect(await page.getByLabel('Time zone').inputValue()).toBe('Europe/Paris');
    await page.getByLabel('Webhook URL (optional)').fill(receiver.hook('dashboard'));
    await page.getByLabel('Emails to notify (optional)').fill('ops@example.com');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await eventually(() => page.locator('.facts').textContent()).toContain(receiver.hook('dashboard'));
    // Each address with its consent: a new one waits for its confirmation link.
    expect(await page.locator('.facts li', { hasText: 'ops@example.com' }).textContent()).toBe(
      'ops@example.com waiting for confirmation',
    );
    // The signing secret stays hidden until asked for.
    const webhook = page.locator('.webhook');
    expect(await webhook.locator('code.secret').count()).toBe(0);
    await webhook.getByRole('button', { name: 'Show the secret' }).click();
    expect(await webhook.locator('code.secret').textContent()).toMatch(/^whsec_/);
    await webhook.getByRole('button', { name: 'Hide the secret' }).click();
    expect(await webhook.locator('code.secret').count()).toBe(0);
    // A signed test event, sent now: the receiver answers 500, and the page says so.
    await webhook.getByRole('button', { name: 'Send a test event' }).click();
    await eventually(() => webhook.getByRole('status').textContent()).toMatch(
      /^Test event failed: HTTP 500, receiver answered HTTP 500.* \(one attempt, not retried\)\.$/,
    );
    await expectAccessible('monitor-webhook');

    shop.set('/pricing', AFTER);
    await page.getByRole('button', { name: 'Run now Shop pricing' }).click();
    await eventually(() => page.getByRole('status').first().textContent()).toMatch(
      /completed, 1 changed; 3 credits/,
    );
    await eventually(() => page.locator('table caption', { hasText: 'Checks' }).isVisible()).toBe(true);
    await eventually(() => page.locator('tbody tr').count()).toBe(2);
    expect(await page.locator('figure.chart canvas').count()).toBeGreaterThan(0);
    expect(await page.getByRole('img', { name: /Pages per check by status.*6 credits/ }).isVisible()).toBe(
      true,
    );
    // What the monitor cost, from the usage log: its checks are not hidden under `track_changes`.
    await eventually(() => page.locator('dd.spend').textContent()).toMatch(
      /^6 credits in 2 checks, \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2} \(all usage\)$/,
    );
    await expectAccessible('monitor');
  });

  it('opens the check and shows the edited line with the changed words marked', async () => {
    await page.getByRole('link', { name: 'Open the check' }).click();
    await eventually(
      async () => `${await heading().textContent()} ${await page.locator('main').textContent()}`,
    ).toMatch(/^Check of /);
    await eventually(() => page.title()).toMatch(/^Check of .* · Web Extraction Service$/);
    // The change where it is, between the unchanged lines around it, its changed words marked.
    const edited = page.getByRole('list', { name: 'Change 1 of 1, from line 1' });
    await eventually(() => edited.locator('.line-before').textContent()).toBe(
      'Before: Basic plan: 10 € per month',
    );
    expect(await edited.locator('.line-after').textContent()).toBe('After: Basic plan: 12 € per month');
    expect(await edited.locator('del').allTextContents()).toEqual(['10']);
    expect(await edited.locator('ins').allTextContents()).toEqual(['12']);
    expect(await edited.locator('.line-context').allTextContents()).toEqual([
      'Unchanged: Pricing',
      'Unchanged: Pro plan: 30 € per month',
      'Unchanged: Contact sales for Enterprise.',
    ]);
    expect(await page.locator('.page-result').textContent()).toMatch(
      /changed.*Change\d+\.\d %.*Structural similarity[01]\.\d\d/,
    );
    const deliveries = page.getByRole('region', { name: 'Webhook deliveries' });
    expect(await deliveries.getByRole('row').count()).toBe(3);
    for (const event of ['monitor.page', 'monitor.check.completed']) {
      const row = deliveries.getByRole('row', { name: new RegExp(event.replace('.', '\\.')) });
      expect(await row.textContent()).toMatch(/retrying[1-9]500receiver answered HTTP 500/);
    }
    // The body each delivery sent, on request; and the same body sent again.
    const pageRow = deliveries.getByRole('row', { name: /monitor\.page/ });
    await pageRow.getByText('Payload').click();
    const payload = JSON.parse((await pageRow.locator('pre').textContent()) ?? '');
    expect(payload).toMatchObject({ type: 'monitor.page', data: { page: { status: 'changed' } } });
    await expectAccessible('check');
    await pageRow.getByRole('button', { name: /^Redeliver/ }).click();
    await eventually(() => page.getByRole('status').first().textContent()).toMatch(
      /^Sent monitor\.page again as msg_\w+: (retrying|failed) \(HTTP 500\)\.$/,
    );
    await eventually(() => deliveries.getByRole('row').count()).toBe(4);
  });

  it('steps to the previous check and shows the text a new page captured', async () => {
    const checkNav = page.getByRole('navigation', { name: 'Other checks of this monitor' });
    expect(await checkNav.textContent()).toContain('This is the newest check.');
    await checkNav.getByRole('link', { name: '← Previous check' }).click();
    await eventually(() => page.locator('.page-result .badge').first().textContent()).toBe('new');
    expect(await checkNav.textContent()).toContain('This is the oldest check kept.');
    const captured = page.locator('details.captured');
    expect(await captured.locator('pre').isVisible()).toBe(false);
    await captured.getByText('Text captured as the baseline (4 lines)').click();
    expect(await captured.locator('pre').textContent()).toBe(
      'Pricing\nBasic plan: 10 € per month\nPro plan: 30 € per month\nContact sales for Enterprise.',
    );
    await expectAccessible('check-new');
    await checkNav.getByRole('link', { name: 'Next check →' }).click();
    await eventually(() => page.locator('.page-result .badge').first().textContent()).toBe('changed');
  });

  it('lists the monitor with its health, watched URL, schedule and relative times, and pauses and resumes it', async () => {
    await nav().getByRole('link', { name: 'Monitors' }).click();
    await eventually(() => page.title()).toBe('Monitors · Web Extraction Service');
    const card = page.locator('li.monitor-card', { hasText: 'Shop pricing' });
    await eventually(() => card.textContent()).toContain('At 09:00, on Monday to Friday (Europe/Paris)');
    expect(await card.textContent()).toContain('1 changed');
    expect(await card.locator('.badge-health-ok').textContent()).toBe('healthy');
    expect(await card.getByRole('link', { name: shop.url('/pricing') }).getAttribute('href')).toBe(
      shop.url('/pricing'),
    );
    // Times are relative, in the viewer's zone, with the exact time and zone on focus.
    expect(await page.getByText(/^Times are in your time zone, /).isVisible()).toBe(true);
    const lastCheck = card.locator('button.when').last();
    expect(await lastCheck.locator('time').textContent()).toMatch(/ago|now/);
    await lastCheck.focus();
    expect(await lastCheck.locator('.when-exact').isVisible()).toBe(true);
    expect(await lastCheck.getAttribute('aria-label')).toMatch(/(ago|now), .*\d{1,2}:\d{2}/);
    await page.getByRole('button', { name: 'Pause Shop pricing' }).click();
    await eventually(() => page.getByRole('status').first().textContent()).toMatch(/Shop pricing is paused/);
    await eventually(() => card.locator('.badge').first().textContent()).toBe('paused');
    await expectAccessible('monitors-paused');
    await page.getByRole('button', { name: 'Resume Shop pricing' }).click();
    await eventually(() => card.locator('.badge').first().textContent()).toBe('active');
    await expectAccessible('monitors');
  });

  it('finds a monitor by name or URL, and pauses and resumes selected monitors in bulk', async () => {
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill('nothing like this');
    await eventually(() => page.getByText('No monitor matches “nothing like this”.').isVisible()).toBe(true);
    await search.fill('/pricing');
    await eventually(() => page.locator('li.monitor-card').count()).toBe(1);
    await search.fill('');
    await page.getByRole('checkbox', { name: 'Select Shop pricing' }).check();
    const bulk = page.getByRole('group', { name: '1 selected:' });
    await bulk.getByRole('button', { name: 'Pause' }).click();
    await eventually(() => page.locator('li.monitor-card .badge').first().textContent()).toBe('paused');
    await page.getByRole('checkbox', { name: 'Select Shop pricing' }).check();
    await page.getByRole('group', { name: '1 selected:' }).getByRole('button', { name: 'Resume' }).click();
    await eventually(() => page.locator('li.monitor-card .badge').first().textContent()).toBe('active');
  });

  it('reads the usage chart: the two checks by day and tool, the balance and the plan', async () => {
    await nav().getByRole('link', { name: 'Usage' }).click();
    const perTool = page.getByRole('region', { name: 'Usage per tool' });
    await eventually(() => perTool.getByRole('row', { name: /track_changes/ }).textContent()).toBe(
      'track_changes62',
    );
    await eventually(() => page.title()).toBe('Usage · Web Extraction Service');
    expect(await page.getByText('494 credits').isVisible()).toBe(true);
    const chart = page.getByRole('img', { name: /stacked by tool: 6 credits in all/ });
    expect(await chart.isVisible()).toBe(true);
    expect(await page.locator('.legend').textContent()).toBe('track_changes');
    // The chart's numbers: a tooltip by keyboard (End: today) and a table by day.
    await chart.focus();
    await page.keyboard.press('End');
    const tip = page.locator('.chart-tip');
    await eventually(() => tip.isVisible()).toBe(true);
    expect(await tip.textContent()).toMatch(/^\d{2}-\d{2}: 6 creditstrack_changes: 6$/);
    const perDay = page.getByRole('region', { name: 'Usage per day' });
    expect(await perDay.getByRole('row').count()).toBe(2);
    expect(await perDay.getByRole('row').nth(1).textContent()).toMatch(
      /^\d{4}-\d{2}-\d{2}62track_changes 6$/,
    );
    const perMonitor = page.getByRole('region', { name: 'Usage per monitor' });
    expect(await perMonitor.getByRole('row', { name: /Shop pricing/ }).textContent()).toBe('Shop pricing62');
    await expectAccessible('usage');

    await page.getByLabel('From (UTC day)').fill('2025-01-01');
    await page.getByLabel('To (UTC day)').fill('2025-12-31');
    await page.getByRole('button', { name: 'Show' }).click();
    await eventually(() => page.locator('#usage-from-error').textContent()).toBe(
      'the range covers 365 days; at most 90',
    );
    expect(await page.getByRole('alert').textContent()).toContain('VALIDATION_ERROR');
    await expectAccessible('usage-range-error');
  });

  it('makes an API key, shows its secret once with a copy button, and revokes it after asking', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.base });
    await nav().getByRole('link', { name: 'API keys' }).click();
    await eventually(() => page.title()).toBe('API keys · Web Extraction Service');
    const keys = page.getByRole('region', { name: 'Keys' });
    await eventually(() => keys.getByRole('row', { name: /this session/ }).textContent()).toMatch(
      /activeRevoke/,
    );
    await page.getByLabel('Name (optional)').fill('CI pipeline');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = page.getByLabel('The key');
    await eventually(() => secret.inputValue()).not.toBe('');
    const issued = await secret.inputValue();
    expect(issued).not.toBe(KEY);
    await page.getByRole('button', { name: 'Copy' }).click();
    await eventually(() => page.getByText('Copied to the clipboard.').isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(issued);
    const row = keys.getByRole('row', { name: /CI pipeline/ });
    await eventually(() => row.textContent()).toMatch(/never.*active/);
    await expectAccessible('keys');
    // The new key works, until it is revoked.
    const usageWith = (key: string) =>
      fetch(`${server.base}/api/v1/usage`, { headers: { Authorization: `Bearer ${key}` } }).then(
        (r) => r.status,
      );
    expect(await usageWith(issued)).toBe(200);
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await secret.count()).toBe(0);
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Revoke CI pipeline' }).click();
    await eventually(() => row.textContent()).toMatch(/revoked/);
    expect(asked).toMatch(/^Revoke “CI pipeline”\? Every call made with it is refused/);
    expect(await usageWith(issued)).toBe(401);
    expect(await row.getByRole('button', { name: /^Revoke/ }).count()).toBe(0);
  });

  it('shows a failing monitor as failing, in colour and words, on the list and its page', async () => {
    shop.set('/pricing', { status: 404, body: '<h1>Not found</h1>' });
    await page.goto(`${server.base}/dashboard#/monitors`);
    await page.getByRole('button', { name: 'Run now Shop pricing' }).click();
    await eventually(() => page.getByRole('status').first().textContent()).toMatch(/1 error; 0 credits/);
    const card = page.locator('li.monitor-card', { hasText: 'Shop pricing' });
    await eventually(() => card.locator('.badge-health-failing').textContent()).toMatch(
      /^failing: all 1 page \(UPSTREAM_HTTP\) since /,
    );
    await card.getByRole('link', { name: 'Shop pricing' }).click();
    await eventually(() => page.locator('.badge-health-failing').textContent()).toMatch(
      /^failing: all 1 page/,
    );
    await expectAccessible('monitor-failing');
    shop.set('/pricing', AFTER);
  });

  it('shows an API error as a message, never a blank page', async () => {
    // The free plan's one request a second: let the previous view's window pass first.
    await page.waitForTimeout(1_100);
    await page.goto(`${server.base}/dashboard#/monitors/mon_00000000000000000000000000`);
    await eventually(() => page.getByRole('alert').textContent()).toMatch(/could not be loaded.*NOT_FOUND/);
    await expectAccessible('monitor-not-found');
  });

  it('lists the account’s calls with what each cost, filters them and loads older ones', async () => {
    // Tool calls from keys of their own, each at most once a second (the free plan's rate), so the
    // view's own reads with the dashboard's key are not refused meanwhile.
    const keys: string[] = [];
    while (keys.length < 4) {
      const res = await fetch(`${server.base}/api/v1/keys`, {
        method: 'POST',
        headers: { 'X-API-Key': KEY, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: `requests-${keys.length}` }),
      });
      if (res.status === 201) keys.push(((await res.json()) as { data: { key: string } }).data.key);
      await page.waitForTimeout(1_100);
    }
    const content =
      'A request log lists every call. It shows what each call cost. Failed calls cost nothing.';
    const calls: Array<[string, unknown]> = [
      ['summarize_content', { content }],
      ['analyze_content', { url: 'http://10.0.0.1/' }],
      ...Array.from({ length: 19 }, (): [string, unknown] => ['summarize_content', {}]),
    ];
    const statuses: number[] = [];
    for (let round = 0; round * keys.length < calls.length; round += 1) {
      const batch = calls.slice(round * keys.length, (round + 1) * keys.length);
      const answered = await Promise.all(
        batch.map(async ([tool, body], i) => {
          const res = await fetch(`${server.base}/api/v1/tools/${tool}`, {
            method: 'POST',
            headers: { 'X-API-Key': keys[i], 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          });
          return res.status;
        }),
      );
      statuses.push(...answered);
      await page.waitForTimeout(1_100);
    }
    expect(statuses.slice(0, 2)).toEqual([200, 403]);
    expect(new Set(statuses.slice(2))).toEqual(new Set([400]));

    await nav().getByRole('link', { name: 'Requests' }).click();
    await eventually(() => heading().textContent()).toBe('Requests');
    await eventually(() => page.title()).toBe('Requests · Web Extraction Service');
    const table = page.getByRole('region', { name: 'Calls' });
    await eventually(() => table.locator('tbody tr').count()).toBe(20);
    expect(await page.getByRole('status').filter({ hasText: 'Showing' }).textContent()).toBe(
      'Showing 20 calls.',
    );
    await expectAccessible('requests');
    await page.getByRole('button', { name: 'Load more' }).click();
    await eventually(() => table.locator('tbody tr').count()).toBe(21);
    expect(await page.getByText('Showing 21 calls, all there are.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);

    // What failed, and was I charged.
    await page.getByLabel('Status').selectOption('error');
    await eventually(() => page.getByText('Showing 20 calls, all there are.').isVisible()).toBe(true);
    await page.getByLabel('Tool').selectOption('analyze_content');
    await eventually(() => table.locator('tbody tr').count()).toBe(1);
    const refused = table.locator('tbody tr').first();
    expect(await refused.locator('.badge-error').textContent()).toBe('403 SSRF_BLOCKED');
    expect(await refused.locator('td[data-label="Credits"]').textContent()).toBe('0, not charged');
    expect(await refused.locator('code').textContent()).toMatch(/^req_/);
    await page.getByLabel('Tool').selectOption('');
    await page.getByLabel('Status').selectOption('ok');
    await eventually(() => table.locator('tbody tr').count()).toBe(1);
    const paid = table.locator('tbody tr').first();
    expect(await paid.textContent()).toContain('summarize_content');
    expect(await paid.locator('.badge-active').textContent()).toBe('200 ok');
    expect(await paid.locator('td[data-label="Credits"]').textContent()).toBe('4');
    await page.getByLabel('Tool').selectOption('extract_links');
    await eventually(() => page.getByText('No call matches these filters.').isVisible()).toBe(true);
    await expectAccessible('requests-filtered-empty');
  });

  it('loaded everything from its own origin and never put the key in a URL or a log line', () => {
    const origin = new URL(server.base).origin;
    expect(requested.length).toBeGreaterThan(10);
    expect(requested.filter((url) => new URL(url).origin !== origin)).toEqual([]);
    expect(requested.filter((url) => url.includes(KEY))).toEqual([]);
    expect(server.output().slice(startupOutput)).not.toContain(KEY);
  });
});

describe('the dashboard at 360 px, by keyboard', () => {
  let narrow: Page;
  beforeAll(async () => {
    const small = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true });
    narrow = await small.newPage();
  });

  it('signs in with the keyboard alone', async () => {
    await narrow.goto(`${server.base}/dashboard`);
    await eventually(() => heading(narrow).textContent()).toBe('Sign in to the dashboard');
    await narrow.keyboard.press('Tab');
    expect(await narrow.evaluate(() => document.activeElement?.id)).toBe('api-key');
    await narrow.keyboard.type(KEY);
    await narrow.keyboard.press('Enter');
    await eventually(() => heading(narrow).textContent()).toBe('Monitors');
  });

  async function expectNarrow(name: string, ready: () => Promise<boolean>) {
    await eventually(ready).toBe(true);
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(`${name}-360`, narrow);
  }

  it('fits the monitors and usage views in the width, tables scrolling inside their region', async () => {
    await narrow.goto(`${server.base}/dashboard#/monitors`);
    await expectNarrow('monitors', () => narrow.getByRole('link', { name: 'Shop pricing' }).isVisible());
    // Every fact of the card is on screen, not in a sideways scroll.
    expect(await narrow.getByRole('button', { name: 'Run now Shop pricing' }).isVisible()).toBe(true);
    await narrow.goto(`${server.base}/dashboard#/usage`);
    await expectNarrow('usage', () =>
      narrow
        .getByRole('region', { name: 'Usage per tool' })
        .getByRole('row', { name: /track_changes/ })
        .isVisible(),
    );
    await narrow.goto(`${server.base}/dashboard#/keys`);
    await expectNarrow('keys', () =>
      narrow
        .getByRole('region', { name: 'Keys' })
        .getByRole('row', { name: /CI pipeline/ })
        .isVisible(),
    );
  });

  it('fits a monitor and its check in the width', async () => {
    await narrow.goto(`${server.base}/dashboard#/monitors`);
    await narrow.getByRole('link', { name: 'Shop pricing' }).click();
    await expectNarrow('monitor', () => narrow.getByText('Checks, newest first').isVisible());
    await narrow.locator('tbody tr', { hasText: '1 changed' }).getByRole('link').click();
    await expectNarrow('check', () =>
      narrow.getByRole('list', { name: 'Change 1 of 1, from line 1' }).isVisible(),
    );
  });

  it('stacks the request log’s rows in the width', async () => {
    await narrow.goto(`${server.base}/dashboard#/requests`);
    await expectNarrow('requests', () =>
      narrow.getByRole('region', { name: 'Calls' }).getByText('400 VALIDATION_ERROR').first().isVisible(),
    );
    expect(await narrow.getByRole('button', { name: 'Load more' }).isVisible()).toBe(true);
  });

  it('sends a refused key back to the sign-in form, saying why', async () => {
    await narrow.evaluate(() =>
      sessionStorage.setItem('web-extraction.api-key', 'wes_revoked_00000000000000000000000000'),
    );
    await narrow.goto(`${server.base}/dashboard#/usage`);
    await narrow.reload();
    await eventually(() => heading(narrow).textContent()).toBe('Sign in to the dashboard');
    expect(await narrow.getByRole('alert').first().textContent()).toContain('Your key was refused');
    expect(await narrow.evaluate(() => sessionStorage.getItem('web-extraction.api-key'))).toBeNull();
  });
});

describe('deleting a monitor', () => {
  it('asks once, deletes it with its checks and returns to the list', async () => {
    await page.goto(`${server.base}/dashboard#/monitors`);
    await page.getByRole('link', { name: 'Shop pricing' }).click();
    await eventually(() => heading().textContent()).toBe('Shop pricing');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete Shop pricing' }).click();
    await eventually(() => page.getByText('No monitors yet.').isVisible()).toBe(true);
  });
});
