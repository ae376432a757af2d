import { useState } from 'preact/hooks';
import type { Check as CheckOrNull, Monitor } from '../../../../sdk/typescript/src/generated/types.js';
import { ActionMessage } from '../action-message.js';
import { useApi } from '../context.js';
import { cronInWords } from '../cron-words.js';
import { EmailRecipients } from '../email-recipients.js';
import { formatNumber, formatTimeIn, viewerTimeZone } from '../format.js';
import { HealthBadge, healthOf } from '../health.js';
import { EmptyState, ErrorMessage, Loading } from '../messages.js';
import { type ActionResult, MonitorActions } from '../monitor-actions.js';
import { MonitorSpend } from '../monitor-spend.js';
import { usePollWhile } from '../poll.js';
import { href, navigate } from '../router.js';
import { StackedBars } from '../stacked-bars.js';
import { STATUS_SERIES, summaryInWords } from '../summary.js';
import { TableScroll } from '../table-scroll.js';
import { useTitle } from '../title.js';
import { asApiError, useLoad } from '../use-load.js';
import { WebhookTools } from '../webhook-tools.js';
import { When } from '../when.js';

/** The generated type is nullable because a list item's `last_check` is; a listed check never is. */
type Check = NonNullable<CheckOrNull>;

/** One monitor: its settings, its check history as a chart, and the list of its checks. */
export function MonitorPage({ id }: { id: string }) {
  const api = useApi();
  const [loaded, reload] = useLoad(async () => {
    const [monitor, checks] = await Promise.all([api.getMonitor(id), api.listChecks(id)]);
    return { monitor, checks: checks.data.filter((check): check is Check => check !== null) };
  }, [api, id]);
  const [result, setResult] = useState<ActionResult | null>(null);
  // A running check is followed in place: its counts fill in without a reload.
  usePollWhile(
    loaded.state === 'ready' && loaded.data.checks.some((check) => check.status === 'running'),
    reload,
  );
  useTitle(loaded.state === 'ready' ? loaded.data.monitor.name : 'Monitor');

  if (loaded.state === 'loading') return <Loading what="the monitor" />;
  if (loaded.state === 'failed') {
    return (
      <>
        <h1 tabIndex={-1}>Monitor</h1>
        <ErrorMessage error={loaded.error} title="The monitor could not be loaded." onRetry={reload} />
        <p>
          <a href={href.monitors()}>Back to the monitors</a>
        </p>
      </>
    );
  }
  const { monitor, checks } = loaded.data;
  return (
    <>
      <p class="breadcrumb">
        <a href={href.monitors()}>Monitors</a>
      </p>
      <div class="page-head">
        <h1 tabIndex={-1}>{monitor.name}</h1>
        <div class="actions">
          <MonitorActions
            monitor={monitor}
            onDone={(done) => {
              setResult(done);
              void reload();
            }}
          />
          <a class="button" href={href.editMonitor(monitor.id)}>
            Edit
          </a>
          <DeleteMonitor id={monitor.id} name={monitor.name} onFailed={setResult} />
        </div>
      </div>
      <ActionMessage result={result} monitorId={monitor.id} />
      <MonitorFacts monitor={monitor} newest={checks[0]} />
      <h2>Check history</h2>
      {checks.length === 0 ? (
        <EmptyState title="No checks yet.">
          <p>
            {monitor.status === 'active'
              ? `The first scheduled check runs ${monitor.next_run_at ? formatTimeIn(monitor.next_run_at, monitor.timezone) : 'soon'} (${monitor.timezone}). Press “Run now” to check at once.`
              : 'The monitor is paused. Resume it, or press “Run now” to check at once.'}
          </p>
        </EmptyState>
      ) : (
        <>
          <CheckChart checks={checks} />
          <CheckTable monitorId={monitor.id} checks={checks} />
        </>
      )}
    </>
  );
}

function MonitorFacts({ monitor, newest }: { monitor: Monitor; newest?: Check }) {
  return (
    <dl class="facts">
      <dt>Status</dt>
      <dd>
        <span class={`badge badge-${monitor.status}`}>{monitor.status}</span>{' '}
        <HealthBadge health={healthOf(monitor)} />
      </dd>
      <dt>Schedule</dt>
      <dd>
        {cronInWords(monitor.schedule_cron)} <code>{monitor.schedule_cron}</code>, in the monitor's zone{' '}
        {monitor.timezone}
      </dd>
      <dt>Next run</dt>
      <dd>
        {monitor.status === 'paused' || !monitor.next_run_at ? (
          'paused'
        ) : (
          <>
            <When iso={monitor.next_run_at} /> ({formatTimeIn(monitor.next_run_at, monitor.timezone)} in{' '}
            {monitor.timezone})
          </>
        )}
      </dd>
      <dt>Last check</dt>
      <dd>
        <When iso={monitor.last_check_at} empty="none yet" />
      </dd>
      <dt>Credits per month (est.)</dt>
      <dd>{formatNumber(monitor.estimated_credits_per_month)}</dd>
      <dt>Spent</dt>
      <dd class="spend">
        <MonitorSpend monitorId={monitor.id} after={newest && `${newest.id} ${newest.status}`} />
      </dd>
      <dt>Pages</dt>
      <dd>
        <ul class="plain">
          {monitor.targets.map((target) => (
            <li key={`${target.url} ${target.selector ?? ''}`}>
              <a class="url" href={target.url} rel="noreferrer noopener" target="_blank">
                {target.url}
              </a>
              {target.selector ? <code> {target.selector}</code> : null}
            </li>
          ))}
        </ul>
      </dd>
      <dt>Webhook</dt>
      <dd>
        <WebhookTools monitor={monitor} />
      </dd>
      <dt>Emails</dt>
      <dd>
        <EmailRecipients statuses={monitor.notify_email_status} />
      </dd>
    </dl>
  );
}

const shortTime = (iso: string) =>
  new Intl.DateTimeFormat(undefined, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

function CheckChart({ checks }: { checks: Check[] }) {
  const oldestFirst = [...checks].reverse();
  const credits = oldestFirst.reduce((sum, check) => sum + check.credits_charged, 0);
  return (
    <StackedBars
      labels={oldestFirst.map((check) => shortTime(check.started_at))}
      stacks={STATUS_SERIES.map((series) => ({
        label: series.label,
        color: series.color,
        values: oldestFirst.map((check) => check.summary[series.field]),
      }))}
      line={{
        label: 'Credits charged',
        color: '#0072B2',
        values: oldestFirst.map((check) => check.credits_charged),
      }}
      yLabel="Pages"
      unit="pages"
      description={`Pages per check by status, and credits charged, over the last ${checks.length} checks: ${credits} credits in all. The table below lists each check.`}
    />
  );
}

function CheckTable({ monitorId, checks }: { monitorId: string; checks: Check[] }) {
  return (
    <TableScroll label="Checks">
      <table class="stack-on-narrow">
        <caption>Checks, newest first (times in {viewerTimeZone()})</caption>
        <thead>
          <tr>
            <th scope="col">Started</th>
            <th scope="col">Trigger</th>
            <th scope="col">Status</th>
            <th scope="col">Pages</th>
            <th scope="col" class="number">
              Credits
            </th>
          </tr>
        </thead>
        <tbody>
          {checks.map((check) => (
            <tr key={check.id}>
              <th scope="row">
                <a href={href.check(monitorId, check.id)}>
                  <When iso={check.started_at} />
                </a>
              </th>
              <td data-label="Trigger">{check.trigger}</td>
              <td data-label="Status">{check.status.replaceAll('_', ' ')}</td>
              <td data-label="Pages">{summaryInWords(check.summary)}</td>
              <td class="number" data-label="Credits">
                {check.credits_charged}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** Deleting removes the monitor and its history: asked once, in words that say so. */
function DeleteMonitor({
  id,
  name,
  onFailed,
}: {
  id: string;
  name: string;
  onFailed: (result: ActionResult) => void;
}) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    if (!window.confirm(`Delete “${name}” and all its checks? This cannot be undone.`)) return;
    setBusy(true);
    try {
      await api.deleteMonitor(id);
      navigate(href.monitors());
    } catch (error) {
      onFailed({ kind: 'failed', name, error: asApiError(error) });
      setBusy(false);
    }
  };
  return (
    <button type="button" class="button button-danger" disabled={busy} onClick={remove}>
      Delete
      <span class="visually-hidden"> {name}</span>
    </button>
  );
}
