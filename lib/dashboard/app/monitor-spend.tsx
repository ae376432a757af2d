import type { Usage } from '../../../sdk/typescript/src/generated/types.js';
import { useApi } from './context.js';
import { formatNumber } from './format.js';
import { href } from './router.js';
import { TableScroll } from './table-scroll.js';
import { useLoad } from './use-load.js';

/**
 * What each monitor cost. Its checks are billed as `track_changes`, a tool the user never called,
 * so the usage answer's `by_monitor` is shown by name: the per-monitor table of the usage view, and
 * one line on each monitor's page.
 */
export function MonitorSpendTable({ usage }: { usage: Usage }) {
  if (usage.by_monitor.length === 0) return null;
  return (
    <TableScroll label="Usage per monitor">
      <table class="stack-on-narrow">
        <caption>
          Per monitor (their checks are the <code>track_changes</code> above), {usage.from} to {usage.to}
        </caption>
        <thead>
          <tr>
            <th scope="col">Monitor</th>
            <th scope="col" class="number">
              Credits
            </th>
            <th scope="col" class="number">
              Checks
            </th>
          </tr>
        </thead>
        <tbody>
          {usage.by_monitor.map((entry) => (
            <tr key={entry.monitor_id}>
              <th scope="row">
                {entry.name === null ? (
                  <>
                    deleted monitor <code class="id">{entry.monitor_id}</code>
                  </>
                ) : (
                  <a href={href.monitor(entry.monitor_id)}>{entry.name}</a>
                )}
              </th>
              <td class="number" data-label="Credits">
                {formatNumber(entry.credits)}
              </td>
              <td class="number" data-label="Checks">
                {formatNumber(entry.calls)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/**
 * One monitor's spend over the usage default range (the last 30 UTC days), loaded apart from the
 * page; read again when the newest check (`after`: its id and status) moves on.
 */
export function MonitorSpend({ monitorId, after }: { monitorId: string; after?: string }) {
  const api = useApi();
  const [loaded] = useLoad(() => api.usage(), [api, monitorId, after]);
  if (loaded.state === 'loading') return <>loading…</>;
  if (loaded.state === 'failed') return <>not available ({loaded.error.code})</>;
  const entry = loaded.data.by_monitor.find((row) => row.monitor_id === monitorId);
  const credits = entry?.credits ?? 0;
  const checks = entry?.calls ?? 0;
  return (
    <>
      {formatNumber(credits)} {credits === 1 ? 'credit' : 'credits'} in {formatNumber(checks)}{' '}
      {checks === 1 ? 'check' : 'checks'}, {loaded.data.from} to {loaded.data.to} (
      <a href={href.usage()}>all usage</a>)
    </>
  );
}
