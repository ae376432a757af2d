import { useMemo, useState } from 'preact/hooks';
import type { MonitorListItem } from '../../../../sdk/typescript/src/generated/types.js';
import { ActionMessage } from '../action-message.js';
import type { ApiError } from '../api.js';
import { useApi } from '../context.js';
import { cronInWords } from '../cron-words.js';
import { formatNumber, viewerTimeZone } from '../format.js';
import { HealthBadge, healthOf } from '../health.js';
import { EmptyState, ErrorMessage, Loading } from '../messages.js';
import { type ActionResult, MonitorActions } from '../monitor-actions.js';
import { usePollWhile } from '../poll.js';
import { href } from '../router.js';
import { summaryInWords } from '../summary.js';
import { useTitle } from '../title.js';
import { asApiError, useLoad } from '../use-load.js';
import { When } from '../when.js';

type SortKey = 'name' | 'next_run' | 'last_check' | 'credits';

const SORTS: Record<SortKey, { label: string; compare: (a: MonitorListItem, b: MonitorListItem) => number }> =
  {
    name: { label: 'Name', compare: (a, b) => a.name.localeCompare(b.name) },
    next_run: { label: 'Next run', compare: (a, b) => timeOf(a.next_run_at) - timeOf(b.next_run_at) },
    last_check: { label: 'Last check', compare: (a, b) => timeOf(b.last_check_at) - timeOf(a.last_check_at) },
    credits: {
      label: 'Credits / month',
      compare: (a, b) => b.estimated_credits_per_month - a.estimated_credits_per_month,
    },
  };

/**
 * Every monitor of the account: health first, what it watches, when it runs and ran, with search,
 * sort and bulk pause, resume and run. On a narrow screen each row becomes a card.
 */
export function MonitorsPage() {
  useTitle('Monitors');
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
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortKey>('name');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkBusy, setBulkBusy] = useState(false);

  const all = loaded.state === 'ready' ? [...loaded.data, ...more] : [];
  const shown = useMemo(() => {
    const words = query.trim().toLowerCase();
    const matching = words
      ? all.filter((monitor) =>
          [monitor.name, ...monitor.targets.map((target) => target.url)].some((text) =>
            text.toLowerCase().includes(words),
          ),
        )
      : all;
    return [...matching].sort(SORTS[sort].compare);
  }, [all, query, sort]);
  // A check due within the minute or still running is followed in place.
  usePollWhile(
    all.some(
      (monitor) =>
        monitor.last_check?.status === 'running' ||
        (monitor.status === 'active' && timeOf(monitor.next_run_at) - Date.now() < 60_000),
    ),
    reload,
    5000,
  );

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

  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };

  const bulk = async (action: 'pause' | 'resume' | 'run') => {
    setBulkBusy(true);
    const chosen = all.filter((monitor) => selected.has(monitor.id));
    let done = 0;
    let failure: ActionResult | null = null;
    for (const monitor of chosen) {
      try {
        if (action === 'run') await api.runMonitor(monitor.id);
        else await api.updateMonitor(monitor.id, { status: action === 'pause' ? 'paused' : 'active' });
        done += 1;
      } catch (error) {
        failure = { kind: 'failed', name: monitor.name, error: asApiError(error) };
      }
    }
    setBulkBusy(false);
    setSelected(new Set());
    setResult(
      failure ?? {
        kind: action === 'run' ? 'bulk-ran' : action === 'pause' ? 'paused' : 'resumed',
        name: done === 1 ? (chosen[0]?.name ?? '') : `${done} monitors`,
      },
    );
    void reload();
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
      {loaded.state === 'ready' && all.length === 0 ? (
        <EmptyState title="No monitors yet.">
          <p>
            A monitor checks pages on a schedule and tells you what changed.{' '}
            <a href={href.newMonitor()}>Create your first monitor</a>.
          </p>
        </EmptyState>
      ) : null}
      {loaded.state === 'ready' && all.length > 0 ? (
        <>
          <div class="list-tools">
            <label>
              Search
              <input
                type="search"
                value={query}
                placeholder="Name or URL"
                onInput={(event) => setQuery(event.currentTarget.value)}
              />
            </label>
            <label>
              Sort by
              <select value={sort} onChange={(event) => setSort(event.currentTarget.value as SortKey)}>
                {(Object.keys(SORTS) as SortKey[]).map((key) => (
                  <option key={key} value={key}>
                    {SORTS[key].label}
                  </option>
                ))}
              </select>
            </label>
            <fieldset class="bulk" disabled={selected.size === 0 || bulkBusy}>
              <legend>{selected.size === 0 ? 'Select monitors for' : `${selected.size} selected:`}</legend>
              <button type="button" class="button" onClick={() => bulk('pause')}>
                Pause
              </button>
              <button type="button" class="button" onClick={() => bulk('resume')}>
                Resume
              </button>
              <button type="button" class="button" onClick={() => bulk('run')}>
                Run now
              </button>
            </fieldset>
          </div>
          <p class="hint">Times are in your time zone, {viewerTimeZone()}.</p>
          {shown.length === 0 ? <p>No monitor matches “{query}”.</p> : null}
          <ul class="monitor-list" aria-label="Monitors">
            {shown.map((monitor) => (
              <li key={monitor.id} class="monitor-card">
                <div class="monitor-card-head">
                  <input
                    type="checkbox"
                    checked={selected.has(monitor.id)}
                    onChange={() => toggle(monitor.id)}
                    aria-label={`Select ${monitor.name}`}
                  />
                  <h2 class="monitor-name">
                    <a href={href.monitor(monitor.id)}>{monitor.name}</a>
                  </h2>
                  <span class={`badge badge-${monitor.status}`}>{monitor.status}</span>
                  <HealthBadge health={healthOf(monitor)} />
                </div>
                <ul class="plain watched" aria-label="Watched pages">
                  {monitor.targets.map((target) => (
                    <li key={`${target.url} ${target.selector ?? ''}`}>
                      <a class="url" href={target.url} rel="noreferrer noopener" target="_blank">
                        {target.url}
                      </a>
                      {target.selector ? <code> {target.selector}</code> : null}
                    </li>
                  ))}
                </ul>
                <dl class="facts facts-inline">
                  <dt>Schedule</dt>
                  <dd>
                    {cronInWords(monitor.schedule_cron)} ({monitor.timezone})
                  </dd>
                  <dt>Next run</dt>
                  <dd>{monitor.status === 'paused' ? 'paused' : <When iso={monitor.next_run_at} />}</dd>
                  <dt>Last check</dt>
                  <dd>
                    {monitor.last_check ? (
                      <>
                        <When iso={monitor.last_check.started_at} />:{' '}
                        <a href={href.check(monitor.id, monitor.last_check.id)}>
                          {summaryInWords(monitor.last_check.summary)}
                        </a>
                      </>
                    ) : (
                      'none yet'
                    )}
                  </dd>
                  <dt>Credits / month (est.)</dt>
                  <dd>{formatNumber(monitor.estimated_credits_per_month)}</dd>
                </dl>
                <MonitorActions
                  monitor={monitor}
                  onDone={(done) => {
                    setResult(done);
                    void reload();
                  }}
                />
              </li>
            ))}
          </ul>
        </>
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

function timeOf(iso: string | null | undefined): number {
  return iso ? new Date(iso).getTime() : Number.POSITIVE_INFINITY;
}
