import { describe, expect, it } from 'vitest';
import { cronInWords } from '../../lib/dashboard/app/cron-words.js';
import { parseRoute } from '../../lib/dashboard/app/router.js';

describe('a schedule in words', () => {
  it.each([
    ['0 * * * *', 'Every hour'],
    ['15 * * * *', 'Every hour at minute 15'],
    ['*/15 * * * *', 'Every 15 minutes'],
    ['0 */6 * * *', 'Every 6 hours at minute 0'],
    ['0 9 * * 1-5', 'At 09:00, on Monday to Friday'],
    ['30 7 1 * *', 'At 07:30, on day 1 of the month'],
    ['0 8 * 1,7 0', 'At 08:00, on Sunday, in January, July'],
    ['0 9,17 * * *', 'At minute 0 of hour 09, 17'],
    ['0 9 1 * 1', 'At 09:00, on day 1 of the month, or on Monday'],
    ['not a cron', 'Not a five-field cron'],
  ])('%s reads "%s"', (cron, words) => {
    expect(cronInWords(cron)).toBe(words);
  });
});

describe('the dashboard routes', () => {
  it.each([
    ['', { view: 'monitors' }],
    ['#/monitors/new', { view: 'new-monitor' }],
    ['#/monitors/mon_1', { view: 'monitor', id: 'mon_1' }],
    ['#/monitors/mon_1/edit', { view: 'edit-monitor', id: 'mon_1' }],
    ['#/monitors/mon_1/checks/chk_2', { view: 'check', id: 'mon_1', checkId: 'chk_2' }],
    ['#/usage', { view: 'usage' }],
    ['#/elsewhere', { view: 'not-found', path: '/elsewhere' }],
  ])('%s is %o', (hash, route) => {
    expect(parseRoute(hash)).toEqual(route);
  });
});
