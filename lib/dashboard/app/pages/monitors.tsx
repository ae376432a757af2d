import { useState } from 'preact/hooks';
import type { MonitorListItem } from '../../../../sdk/typescript/src/generated/types.js';
import { ActionMessage } from '../action-message.js';
import type { ApiError } from '../api.js';
import { useApi } from '../context.js';
import { cronInWords } from '../cron-words.js';
import { formatNumber, formatTime } from '../format.js';
import { EmptyState, ErrorMessage, Loading } from '../messages.js';
import { type ActionResult, MonitorActions } from '../monitor-actions.js';
import { href } from '../router.js';
import { summaryInWords } from '../summary.js';
import { TableScroll } from '../table-scroll.js';
import { asApiError, useLoad } from '../use-load.js';

/** Every monitor of the account in one table, with pause/resume and run-now on each row. */
export function MonitorsPage() {
  const api = useApi();
  const [more, setMore] = useState<MonitorListItem[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loaded, reload] = useLoad(async () => {
    const page = await api.listMonitors();
    setMore([]);
    setCursor(page.next_cursor);
    return page.data;
  }, [api]);
  const [result, setResult] = useState<ActionResult | null>(null);
  const [moreError, setMoreError] = useState<ApiError | null>(null);

  const loadMore = async () => {
    if (!cursor) return;
    try {
      const page = await api.listMonitors(cursor);
      setMore([...more, ...page.data]);
      setCursor(page.next_cursor);
      setMoreError(null);
    } catch (error) {
      setMoreError(asApiError(error));
    }
  };

  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>Monitors</h1>
        <a class="button button-primary" href={href.newMonitor()}>
          New monitor
        </a>
      </div>
      <ActionMessage result={result} />
      {loaded.state === 'loading' ? <Loading what="monitors" /> : null}
      {loaded.state === 'failed' ? (
        <ErrorMessage error={loaded.error} title="The monitors could not be loaded." onRetry={reload} />
      ) : null}
      {loaded.state === 'ready' && loaded.data.length === 0 ? (
        <EmptyState title="No monitors yet.">
          <p>
            A monitor checks pages on a schedule and tells you what changed.{' '}
            <a href={href.newMonitor()}>Create your first monitor</a>.
          </p>
        </EmptyState>
      ) : null}
      {loaded.state === 'ready' && loaded.data.length > 0 ? (
        <TableScroll label="Monitors">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Status</th>
                <th scope="col">Schedule</th>
                <th scope="col">Time zone</th>
                <th scope="col">Next run</th>
                <th scope="col">Last check</th>
                <th scope="col" class="number">
                  Credits / month (est.)
                </th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {[...loaded.data, ...more].map((monitor) => (
                <tr key={monitor.id}>
                  <th scope="row">
                    <a href={href.monitor(monitor.id)}>{monitor.name}</a>
                  </th>
                  <td>
                    <span class={`badge badge-${monitor.status}`}>{monitor.status}</span>
                  </td>
                  <td>
                    {cronInWords(monitor.schedule_cron)}
                    <br />
                    <code>{monitor.schedule_cron}</code>
                  </td>
                  <td>{monitor.timezone}</td>
                  <td>
                    {monitor.status === 'paused'
                      ? 'paused'
                      : formatTime(monitor.next_run_at, monitor.timezone)}
                  </td>
                  <td>
                    {monitor.last_check ? (
                      <a href={href.check(monitor.id, monitor.last_check.id)}>
                        {summaryInWords(monitor.last_check.summary)}
                      </a>
                    ) : (
                      'none yet'
                    )}
                  </td>
                  <td class="number">{formatNumber(monitor.estimated_credits_per_month)}</td>
                  <td>
                    <MonitorActions
                      monitor={monitor}
                      onDone={(done) => {
                        setResult(done);
                        void reload();
                      }}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      {moreError ? <ErrorMessage error={moreError} title="More monitors could not be loaded." /> : null}
      {cursor && loaded.state === 'ready' ? (
        <button type="button" class="button" onClick={loadMore}>
          Show more monitors
        </button>
      ) : null}
    </>
  );
}
