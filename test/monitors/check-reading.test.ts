import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareWithBaseline } from '../../lib/change-detection/compare.js';
import { diffHunks } from '../../lib/change-detection/diff-hunks.js';
import { diffLines } from '../../lib/change-detection/line-diff.js';
import type { TestAccount } from '../support/harness.js';
import { type MonitorWorld, page, startMonitorWorld } from './support.js';

/**
 * What a check read carries for a person reading it: the text a `new` page captured, the changes of
 * a `changed` page with unchanged lines around them, the checks before and after it, and the body of
 * each webhook delivery. Real checks of a shop on loopback, read back over HTTP.
 */

let world: MonitorWorld;
beforeAll(async () => {
  world = await startMonitorWorld();
});
afterAll(() => world.close());

async function as(account: TestAccount, method: string, url: string, body?: unknown) {
  const res = await world.harness.call(method, url, { key: await account.newKey(), body });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body.data;
}

const rows = (price: number) =>
  Array.from({ length: 12 }, (_, i) => (i === 6 ? `Row 6 costs ${price} €` : `Row ${i} is steady`));

describe('reading a check', () => {
  it('carries the captured text of a new page, hunks with context of a changed one, and its neighbours', async () => {
    const path = `/rows-${Date.now()}`;
    world.shop.set(path, page('Rows', ...rows(10)));
    const account = await world.harness.account({ credits: 100 });
    const monitor = await as(account, 'POST', '/api/v1/monitors', {
      name: 'Rows',
      targets: [{ url: world.shop.url(path) }],
      webhook_url: world.receiver.hook(`rows-${Date.now()}`),
    });
    const base = `/api/v1/monitors/${monitor.id}`;

    const first = await as(account, 'POST', `${base}/run`);
    expect(first.pages[0].status).toBe('new');
    expect(first.pages[0].captured_text).toBe(['Rows', ...rows(10)].join('\n'));
    expect(first.pages[0].diff_hunks).toBeUndefined();

    world.shop.set(path, page('Rows', ...rows(12)));
    const second = await as(account, 'POST', `${base}/run`);
    expect(second.pages[0].status).toBe('changed');
    expect(second.pages[0].captured_text).toBeUndefined();
    // Line 8 of the capture (the heading, then rows 0 to 11): three steady rows either side.
    expect(second.pages[0].diff_hunks).toEqual([
      {
        after_line: 5,
        lines: [
          { kind: 'context', text: 'Row 3 is steady' },
          { kind: 'context', text: 'Row 4 is steady' },
          { kind: 'context', text: 'Row 5 is steady' },
          { kind: 'removed', text: 'Row 6 costs 10 €' },
          { kind: 'added', text: 'Row 6 costs 12 €' },
          { kind: 'context', text: 'Row 7 is steady' },
          { kind: 'context', text: 'Row 8 is steady' },
          { kind: 'context', text: 'Row 9 is steady' },
        ],
      },
    ]);
    const third = await as(account, 'POST', `${base}/run`);

    const middle = await as(account, 'GET', `${base}/checks/${second.id}`);
    expect(middle).toMatchObject({ previous_check_id: first.id, next_check_id: third.id });
    expect(middle.pages[0].diff_hunks).toHaveLength(1);
    const oldest = await as(account, 'GET', `${base}/checks/${first.id}`);
    expect(oldest).toMatchObject({ previous_check_id: null, next_check_id: second.id });
    expect(oldest.pages[0].captured_text).toContain('Row 6 costs 10 €');
    const newest = await as(account, 'GET', `${base}/checks/${third.id}`);
    expect(newest).toMatchObject({ previous_check_id: second.id, next_check_id: null });

    // Each delivery shows the body it sent; the page event keeps its documented shape.
    const pageEvent = middle.deliveries.find((d: { event: string }) => d.event === 'monitor.page');
    expect(pageEvent.payload).toMatchObject({
      type: 'monitor.page',
      data: { monitor_id: monitor.id, check_id: second.id, page: { status: 'changed' } },
    });
    expect(pageEvent.payload.data.page.added_samples).toEqual(['Row 6 costs 12 €']);
    expect(pageEvent.payload.data.page).not.toHaveProperty('diff_hunks');
    const completed = middle.deliveries.find((d: { event: string }) => d.event === 'monitor.check.completed');
    expect(completed.payload).toMatchObject({
      type: 'monitor.check.completed',
      data: { check: { id: second.id } },
    });
  });

  it('leaves the track_changes tool answer as it was: no hunks, no captured text', () => {
    const capture = { lines: ['a', 'b'], contentHash: 'h1', structure: new Uint32Array() };
    const comparison = compareWithBaseline(capture, null);
    expect(comparison).not.toHaveProperty('captured_text');
    const changed = compareWithBaseline(
      { ...capture, lines: ['a', 'c'], contentHash: 'h2' },
      { contentHash: 'h1', content: 'a\nb', structure: null },
    );
    expect(changed).not.toHaveProperty('diff_hunks');
  });
});

describe('diff hunks', () => {
  const before = Array.from({ length: 30 }, (_, i) => `line ${i}`);
  const hunksOf = (after: string[], edits = 40) => {
    const diff = diffLines(before, after, { samples: 20, chars: 500, edits });
    return diffHunks(before, after, diff.edits ?? [], {
      context: 3,
      chars: 500,
      truncated: diff.added + diff.removed > edits,
    });
  };
  const kinds = (hunk: { lines: Array<{ kind: string }> }) => hunk.lines.map((line) => line.kind[0]).join('');

  it('merges changes whose context touches and keeps far ones apart', () => {
    const after = before.map((line, i) => ([5, 9, 25].includes(i) ? `${line} edited` : line));
    const hunks = hunksOf(after);
    expect(hunks.map((hunk) => hunk.after_line)).toEqual([3, 23]);
    expect(kinds(hunks[0])).toBe('cccracccraccc');
    expect(kinds(hunks[1])).toBe('cccraccc');
  });

  it('shows pure insertions and deletions at the edges of the page', () => {
    const inserted = hunksOf(['new first', ...before]);
    expect(inserted).toEqual([
      {
        after_line: 1,
        lines: [
          { kind: 'added', text: 'new first' },
          { kind: 'context', text: 'line 0' },
          { kind: 'context', text: 'line 1' },
          { kind: 'context', text: 'line 2' },
        ],
      },
    ]);
    const deleted = hunksOf(before.slice(0, -1));
    expect(deleted).toEqual([
      {
        after_line: 27,
        lines: [
          { kind: 'context', text: 'line 26' },
          { kind: 'context', text: 'line 27' },
          { kind: 'context', text: 'line 28' },
          { kind: 'removed', text: 'line 29' },
        ],
      },
    ]);
  });

  it('stops after the changed lines it covers, showing no unrecorded change as context', () => {
    const after = before.map((line, i) => (i % 2 === 0 ? `${line} edited` : line));
    const hunks = hunksOf(after, 4);
    expect(hunks).toHaveLength(1);
    expect(hunks[0].lines.filter((line) => line.kind !== 'context')).toHaveLength(4);
    expect(hunks[0].lines.at(-1)?.kind).not.toBe('context');
    expect(hunks[0].lines.map((line) => line.text)).not.toContain('line 3');
  });
});
