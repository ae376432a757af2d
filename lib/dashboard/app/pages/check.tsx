import type { CheckDetail, MonitorPage } from '../../../../sdk/typescript/src/generated/types.js';
import { useApi } from '../context.js';
import { Deliveries } from '../deliveries.js';
import { DiffHunks } from '../diff-hunks.js';
import { formatPercent, formatRatio, formatTime } from '../format.js';
import { EmptyState, ErrorMessage, Loading } from '../messages.js';
import { usePollWhile } from '../poll.js';
import { href } from '../router.js';
import { summaryInWords } from '../summary.js';
import { useTitle } from '../title.js';
import { useLoad } from '../use-load.js';
import { When } from '../when.js';
import { pairChangedLines, WordDiff } from '../word-diff.js';

/** One check: each page with what changed, side by side, and the webhook deliveries it made. */
export function CheckPage({ id, checkId }: { id: string; checkId: string }) {
  const api = useApi();
  const [loaded, reload] = useLoad(async () => {
    const [monitor, check] = await Promise.all([api.getMonitor(id), api.getCheck(id, checkId)]);
    return { monitor, check };
  }, [api, id, checkId]);
  usePollWhile(loaded.state === 'ready' && loaded.data.check.status === 'running', reload);
  useTitle(loaded.state === 'ready' ? `Check of ${formatTime(loaded.data.check.started_at)}` : 'Check');
  if (loaded.state === 'loading') return <Loading what="the check" />;
  if (loaded.state === 'failed') {
    return (
      <>
        <h1 tabIndex={-1}>Check</h1>
        <ErrorMessage error={loaded.error} title="The check could not be loaded." onRetry={reload} />
        <p>
          <a href={href.monitor(id)}>Back to the monitor</a>
        </p>
      </>
    );
  }
  const { monitor, check } = loaded.data;
  return (
    <>
      <p class="breadcrumb">
        <a href={href.monitors()}>Monitors</a> › <a href={href.monitor(monitor.id)}>{monitor.name}</a>
      </p>
      <h1 tabIndex={-1}>Check of {formatTime(check.started_at)}</h1>
      <CheckNavigation monitorId={monitor.id} check={check} />
      <CheckFacts check={check} />
      <h2>Pages</h2>
      {check.pages.length === 0 ? (
        <EmptyState title="No pages were checked.">
          <p>{check.error ?? 'Nothing was fetched in this check (see its status above).'}</p>
        </EmptyState>
      ) : (
        check.pages.map((page, index) => (
          <PageResult key={`${page.url} ${page.selector ?? ''}`} page={page} index={index} />
        ))
      )}
      <h2>Webhook deliveries</h2>
      {check.deliveries.length === 0 ? (
        <EmptyState title="No webhook deliveries.">
          <p>
            {monitor.webhook_url ? 'This check sent no event yet.' : 'This monitor has no webhook URL. '}
            {monitor.webhook_url ? null : (
              <a href={href.editMonitor(monitor.id)}>Add one to receive events</a>
            )}
          </p>
        </EmptyState>
      ) : (
        <Deliveries
          monitorId={monitor.id}
          checkId={check.id}
          deliveries={check.deliveries}
          canRedeliver={Boolean(monitor.webhook_url)}
          onRedelivered={reload}
        />
      )}
    </>
  );
}

/** The checks either side of this one, so a history reads like pages of a book. */
function CheckNavigation({ monitorId, check }: { monitorId: string; check: CheckDetail }) {
  return (
    <nav class="check-nav" aria-label="Other checks of this monitor">
      {check.previous_check_id ? (
        <a href={href.check(monitorId, check.previous_check_id)} rel="prev">
          ← Previous check
        </a>
      ) : (
        <span class="hint">This is the oldest check kept.</span>
      )}
      {check.next_check_id ? (
        <a href={href.check(monitorId, check.next_check_id)} rel="next">
          Next check →
        </a>
      ) : (
        <span class="hint">This is the newest check.</span>
      )}
    </nav>
  );
}

function CheckFacts({ check }: { check: CheckDetail }) {
  return (
    <dl class="facts">
      <dt>Status</dt>
      <dd>{check.status.replaceAll('_', ' ')}</dd>
      <dt>Trigger</dt>
      <dd>{check.trigger}</dd>
      <dt>Pages</dt>
      <dd>{summaryInWords(check.summary)}</dd>
      <dt>Finished</dt>
      <dd>
        <When iso={check.finished_at} empty={check.status === 'running' ? 'still running' : '—'} />
      </dd>
      <dt>Credits</dt>
      <dd>
        {check.credits_charged} charged of {check.credits_reserved} reserved
      </dd>
      {check.error ? (
        <>
          <dt>Error</dt>
          <dd>{check.error}</dd>
        </>
      ) : null}
    </dl>
  );
}

function PageResult({ page, index }: { page: MonitorPage; index: number }) {
  const headingId = `page-${index}`;
  return (
    <section class="page-result" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <a class="url" href={page.url} rel="noreferrer noopener" target="_blank">
          {page.url}
        </a>
        {page.selector ? <code> {page.selector}</code> : null}
      </h3>
      <dl class="facts facts-inline">
        <dt>Status</dt>
        <dd>
          <span class={`badge badge-${page.status}`}>{page.status}</span>
        </dd>
        <dt>Change</dt>
        <dd>{formatPercent(page.change_percent)}</dd>
        <dt>Structural similarity</dt>
        <dd>{formatRatio(page.structural_similarity)}</dd>
        {page.error_code ? (
          <>
            <dt>Error</dt>
            <dd>
              <code>{page.error_code}</code> {page.error}
            </dd>
          </>
        ) : null}
        {page.blocked_vendor ? (
          <>
            <dt>Blocked by</dt>
            <dd>{page.blocked_vendor}</dd>
          </>
        ) : null}
      </dl>
      {page.status === 'changed' && page.diff_hunks ? (
        <DiffHunks page={page} hunks={page.diff_hunks} />
      ) : null}
      {page.status === 'changed' && !page.diff_hunks ? <ChangedLines page={page} /> : null}
      {page.captured_text ? <CapturedText text={page.captured_text} /> : null}
    </section>
  );
}

/** A new page's first capture: the text the next check is compared with, as it was taken. */
function CapturedText({ text }: { text: string }) {
  const count = text.split('\n').length;
  return (
    <details class="captured">
      <summary>
        Text captured as the baseline ({count === 1 ? '1 line' : `${count} lines`}
        {text.length >= 5_000 ? ', its first 5,000 characters' : ''})
      </summary>
      <pre>{text}</pre>
    </details>
  );
}

/**
 * Checks from before the hunks were recorded: the samples only.
 * Edited lines first, each with its changed words marked; then lines only removed and only added.
 * The counts are the page's own: samples are the first 20 of each side.
 */
function ChangedLines({ page }: { page: MonitorPage }) {
  const { pairs, removedOnly, addedOnly } = pairChangedLines(page.removed_samples, page.added_samples);
  return (
    <>
      {pairs.length ? (
        <div class="edited">
          <h4>Edited ({pairs.length === 1 ? '1 line' : `${pairs.length} lines`}, changed words marked)</h4>
          <ul aria-label="Edited lines">
            {pairs.map((pair, index) => (
              <WordDiff key={index} pair={pair} />
            ))}
          </ul>
        </div>
      ) : null}
      <div class="diff">
        <Samples
          title="Removed"
          count={page.removed_count}
          lines={removedOnly}
          kind="removed"
          paired={pairs.length}
        />
        <Samples
          title="Added"
          count={page.added_count}
          lines={addedOnly}
          kind="added"
          paired={pairs.length}
        />
      </div>
    </>
  );
}

function Samples({
  title,
  count,
  lines,
  kind,
  paired,
}: {
  title: string;
  count: number | null;
  lines: string[];
  kind: string;
  /** Lines of this side already shown as edited. */
  paired: number;
}) {
  const total = count ?? lines.length + paired;
  const rest = Math.max(0, total - paired);
  return (
    <div class={`samples samples-${kind}`}>
      <h4>
        {title} ({rest} {rest === 1 ? 'line' : 'lines'}
        {paired ? ' besides the edited ones' : ''}
        {rest > lines.length ? `, first ${lines.length} shown` : ''})
      </h4>
      {lines.length ? (
        <ul aria-label={`${title} lines`}>
          {lines.map((line, i) => (
            <li key={i}>
              <span aria-hidden="true">{kind === 'added' ? '+ ' : '− '}</span>
              {line}
            </li>
          ))}
        </ul>
      ) : (
        <p class="hint">None.</p>
      )}
    </div>
  );
}
