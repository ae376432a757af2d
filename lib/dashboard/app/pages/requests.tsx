import { useEffect, useState } from 'preact/hooks';
import type {
  ListRequestsInput,
  LoggedRequest,
  RequestLogPage,
} from '../../../../sdk/typescript/src/generated/types.js';
import type { ApiError } from '../api.js';
import { useApi } from '../context.js';
import { formatNumber, viewerTimeZone } from '../format.js';
import { EmptyState, ErrorMessage, Loading } from '../messages.js';
import { TableScroll } from '../table-scroll.js';
import { useTitle } from '../title.js';
import { asApiError, useLoad } from '../use-load.js';
import { When } from '../when.js';

const PAGE_SIZE = 20;

type StatusFilter = NonNullable<ListRequestsInput['status']>;

/** The API's `status` filters, in words a user picks from. */
const STATUS_CHOICES: Array<[StatusFilter | '', string]> = [
  ['', 'Any status'],
  ['ok', 'Succeeded (2xx)'],
  ['error', 'Failed (any error)'],
  ['4xx', 'Refused (4xx: input, rate limit, credits)'],
  ['5xx', 'Failed while running (5xx)'],
];

interface Filters {
  tool: string;
  status: StatusFilter | '';
}

/**
 * The account's tool calls of the last 7 days, newest first: what each answered and what it cost,
 * so "what failed, and was I charged" is answered on one screen. Filters apply as they change;
 * older calls come a page at a time.
 */
export function RequestsPage() {
  useTitle('Requests');
  const api = useApi();
  const [filters, setFilters] = useState<Filters>({ tool: '', status: '' });
  const [toolNames] = useLoad(() => api.toolNames(), [api]);
  const [first, reload] = useLoad(
    () => api.listRequests({ limit: PAGE_SIZE, tool: filters.tool, status: filters.status || undefined }),
    [api, filters.tool, filters.status],
  );
  const [older, setOlder] = useState<LoggedRequest[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<ApiError | null>(null);

  useEffect(() => {
    setOlder([]);
    setMoreError(null);
    setCursor(first.state === 'ready' ? first.data.next_cursor : null);
  }, [first]);

  const loadMore = async () => {
    if (!cursor) return;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page: RequestLogPage = await api.listRequests({
        limit: PAGE_SIZE,
        tool: filters.tool,
        status: filters.status || undefined,
        cursor,
      });
      setOlder((rows) => [...rows, ...page.data]);
      setCursor(page.next_cursor);
    } catch (error) {
      setMoreError(asApiError(error));
    } finally {
      setLoadingMore(false);
    }
  };

  const rows = first.state === 'ready' ? [...first.data.data, ...older] : [];
  const filtered = filters.tool !== '' || filters.status !== '';
  return (
    <>
      <h1 tabIndex={-1}>Requests</h1>
      <p class="hint">
        Your tool calls of the last 7 days, newest first, refused ones included. A call that did not succeed
        is never charged. Times are in your time zone, {viewerTimeZone()}.
      </p>
      <form class="range" aria-label="Filter the calls" onSubmit={(event) => event.preventDefault()}>
        <div class="field">
          <label for="requests-tool">Tool</label>
          <select
            id="requests-tool"
            value={filters.tool}
            onChange={(event) => setFilters({ ...filters, tool: event.currentTarget.value })}
          >
            <option value="">Any tool</option>
            {(toolNames.state === 'ready' ? toolNames.data : []).map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="requests-status">Status</label>
          <select
            id="requests-status"
            value={filters.status}
            onChange={(event) =>
              setFilters({ ...filters, status: event.currentTarget.value as Filters['status'] })
            }
          >
            {STATUS_CHOICES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </form>
      {first.state === 'loading' ? <Loading what="calls" /> : null}
      {first.state === 'failed' ? (
        <ErrorMessage error={first.error} title="The calls could not be loaded." onRetry={reload} />
      ) : null}
      {first.state === 'ready' && rows.length === 0 ? (
        filtered ? (
          <EmptyState title="No call matches these filters.">
            <p>Pick another tool or status, or “Any” in both to see every call of the last 7 days.</p>
          </EmptyState>
        ) : (
          <EmptyState title="No calls in the last 7 days.">
            <p>
              Every call to a tool with one of your keys is listed here, with its status and what it cost.
              Monitor checks are under Monitors and Usage.
            </p>
          </EmptyState>
        )
      ) : null}
      {rows.length > 0 ? <RequestTable rows={rows} /> : null}
      {first.state === 'ready' ? (
        <div class="load-more">
          <p role="status">
            {rows.length > 0
              ? `Showing ${formatNumber(rows.length)} ${rows.length === 1 ? 'call' : 'calls'}${cursor ? '' : ', all there are'}.`
              : ''}
          </p>
          {moreError ? <ErrorMessage error={moreError} title="Older calls could not be loaded." /> : null}
          {cursor ? (
            <button type="button" class="button" onClick={loadMore} disabled={loadingMore}>
              {loadingMore ? 'Loading…' : 'Load more'}
            </button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

function RequestTable({ rows }: { rows: LoggedRequest[] }) {
  return (
    <TableScroll label="Calls">
      <table class="stack-on-narrow requests">
        <caption>Calls, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Tool</th>
            <th scope="col">Status</th>
            <th scope="col" class="number">
              Credits
            </th>
            <th scope="col" class="number">
              Duration
            </th>
            <th scope="col">Request id</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.request_id}>
              <td data-label="Time">
                <When iso={row.created_at} />
              </td>
              <th scope="row">{row.tool}</th>
              <td data-label="Status">
                <StatusBadge row={row} />
              </td>
              <td class="number" data-label="Credits">
                {row.error_code === null ? formatNumber(row.credits) : `${row.credits}, not charged`}
              </td>
              <td class="number" data-label="Duration">
                {formatDuration(row.duration_ms)}
              </td>
              <td data-label="Request id">
                <code>{row.request_id}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** The status in colour and in words: the code and, for a failure, the error code that explains it. */
function StatusBadge({ row }: { row: LoggedRequest }) {
  if (row.error_code === null) return <span class="badge badge-active">{row.status} ok</span>;
  return (
    <span class="badge badge-error">
      {row.status} {row.error_code}
    </span>
  );
}

function formatDuration(ms: number): string {
  return ms < 1000 ? `${formatNumber(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
