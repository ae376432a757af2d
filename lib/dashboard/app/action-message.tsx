import { ErrorMessage, Notice } from './messages.js';
import type { ActionResult } from './monitor-actions.js';
import { href } from './router.js';
import { summaryInWords } from './summary.js';

/** What the last pause, resume or run did, said where the user pressed the button. */
export function ActionMessage({ result, monitorId }: { result: ActionResult | null; monitorId?: string }) {
  if (!result) return null;
  if (result.kind === 'failed') return <ErrorMessage error={result.error} title={`${result.name}:`} />;
  if (result.kind === 'ran') {
    const { check } = result;
    return (
      <Notice>
        Checked {result.name}: {check.status.replaceAll('_', ' ')}, {summaryInWords(check.summary)};{' '}
        {check.credits_charged} credits.{' '}
        <a href={href.check(monitorId ?? check.monitor_id, check.id)}>Open the check</a>
      </Notice>
    );
  }
  if (result.kind === 'bulk-ran')
    return <Notice>Checked {result.name}: their checks are listed on each monitor.</Notice>;
  if (result.kind === 'deleted') return <Notice>{result.name} was deleted, with its checks.</Notice>;
  return (
    <Notice>
      {result.name} is{' '}
      {result.kind === 'paused' ? 'paused: no scheduled checks until you resume it.' : 'active again.'}
    </Notice>
  );
}
