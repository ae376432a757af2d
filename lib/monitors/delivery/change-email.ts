import type { PageResultRow } from '../../db/schema/monitors.js';
import type { Email } from '../../notify/mailer.js';

/**
 * The contract (docs/reference/monitors.md#notifications) leaves the trigger and the message to us. An email goes out when a check finds a change,
 * or when a target starts failing or is blocked (its previous status was neither): what users of
 * monitors ask for most, without a message on every check of a page that stays down.
 */

const FAILING = new Set(['error', 'blocked']);

export interface NotableResults {
  changed: PageResultRow[];
  failing: PageResultRow[];
}

export function notableResults(
  pages: PageResultRow[],
  previousStatus: (page: PageResultRow) => string | null,
): NotableResults {
  return {
    changed: pages.filter((page) => page.status === 'changed'),
    failing: pages.filter((page) => FAILING.has(page.status) && !FAILING.has(previousStatus(page) ?? '')),
  };
}

function targetLabel(page: PageResultRow): string {
  return page.selector ? `${page.url} (${page.selector})` : page.url;
}

export function changeEmail(
  monitor: { id: string; name: string; notifyEmails: string[] },
  check: { id: string; finishedAt: Date },
  notable: NotableResults,
): Email | null {
  if (monitor.notifyEmails.length === 0) return null;
  if (notable.changed.length === 0 && notable.failing.length === 0) return null;
  const parts: string[] = [];
  if (notable.changed.length > 0) parts.push(`${notable.changed.length} changed`);
  if (notable.failing.length > 0) parts.push(`${notable.failing.length} failing`);
  const lines = [
    `Monitor "${monitor.name}" (${monitor.id}), check ${check.id} at ${check.finishedAt.toISOString()}.`,
    '',
  ];
  for (const page of notable.changed) {
    lines.push(`CHANGED ${targetLabel(page)}`);
    lines.push(
      `  ${page.change_percent}% of lines changed: ${page.added_count} added, ${page.removed_count} removed; structural similarity ${page.structural_similarity}`,
    );
    for (const sample of page.added_samples) lines.push(`  + ${sample}`);
    for (const sample of page.removed_samples) lines.push(`  - ${sample}`);
    lines.push('');
  }
  for (const page of notable.failing) {
    const what =
      page.status === 'blocked'
        ? `BLOCKED${page.blocked_vendor ? ` by ${page.blocked_vendor}` : ''}`
        : `FAILING (${page.error_code})`;
    lines.push(`${what} ${targetLabel(page)}`);
    if (page.error) lines.push(`  ${page.error}`);
    lines.push('');
  }
  return {
    to: monitor.notifyEmails,
    subject: `[${monitor.name}] ${parts.join(', ')}`,
    text: lines.join('\n'),
  };
}
