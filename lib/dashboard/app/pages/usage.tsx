import { useState } from 'preact/hooks';
import type { Usage } from '../../../../sdk/typescript/src/generated/types.js';
import { useApi } from '../context.js';
import { Field } from '../field.js';
import { formatNumber } from '../format.js';
import { EmptyState, ErrorMessage, Loading } from '../messages.js';
import { MonitorSpendTable } from '../monitor-spend.js';
import { StackedBars } from '../stacked-bars.js';
import { TableScroll } from '../table-scroll.js';
import { useTitle } from '../title.js';
import { OTHER_COLOR, OTHER_LABEL, toolColors } from '../tool-colors.js';
import { useLoad } from '../use-load.js';

/** Credits per day stacked by tool over a chosen range, with the balance and plan. */
export function UsagePage() {
  useTitle('Usage');
  const api = useApi();
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const [typed, setTyped] = useState({ from: '', to: '' });
  const [loaded, reload] = useLoad(() => api.usage(range), [api, range.from, range.to]);
  const details = loaded.state === 'failed' ? loaded.error.details : [];
  const errorOf = (field: string) =>
    details
      .filter((detail) => detail.field === field)
      .map((detail) => detail.message)
      .join('; ') || undefined;

  const submit = (event: Event) => {
    event.preventDefault();
    setRange({ from: typed.from || undefined, to: typed.to || undefined });
  };

  return (
    <>
      <h1 tabIndex={-1}>Usage</h1>
      <form method="post" class="range" onSubmit={submit} noValidate>
        {(['from', 'to'] as const).map((field) => (
          <Field
            key={field}
            id={`usage-${field}`}
            label={field === 'from' ? 'From (UTC day)' : 'To (UTC day)'}
            error={errorOf(field)}
          >
            {(describedBy, invalid) => (
              <input
                id={`usage-${field}`}
                type="date"
                value={typed[field]}
                onInput={(event) => setTyped({ ...typed, [field]: event.currentTarget.value })}
                aria-describedby={describedBy}
                aria-invalid={invalid}
              />
            )}
          </Field>
        ))}
        <button type="submit" class="button">
          Show
        </button>
      </form>
      <p class="hint">At most 90 days; without dates, the last 30.</p>
      {loaded.state === 'loading' ? <Loading what="usage" /> : null}
      {loaded.state === 'failed' ? (
        <ErrorMessage error={loaded.error} title="The usage could not be loaded." onRetry={reload} />
      ) : null}
      {loaded.state === 'ready' ? <UsageView usage={loaded.data} /> : null}
    </>
  );
}

function UsageView({ usage }: { usage: Usage }) {
  const { colorOf, named, others } = toolColors(usage.tools.map((tool) => tool.tool));
  const creditsOn = (day: Usage['days'][number], tools: string[]) =>
    day.tools.filter((entry) => tools.includes(entry.tool)).reduce((sum, entry) => sum + entry.credits, 0);
  const stacks = [
    ...named.map((tool) => ({
      label: tool,
      color: colorOf(tool),
      values: usage.days.map((day) => creditsOn(day, [tool])),
    })),
    ...(others.length
      ? [
          {
            label: `${OTHER_LABEL} (${others.length})`,
            color: OTHER_COLOR,
            values: usage.days.map((day) => creditsOn(day, others)),
          },
        ]
      : []),
  ];
  return (
    <>
      <dl class="facts facts-inline" aria-label="Account">
        <dt>Balance</dt>
        <dd>{formatNumber(usage.balance)} credits</dd>
        <dt>Plan</dt>
        <dd>{usage.plan}</dd>
        <dt>Used</dt>
        <dd>
          {formatNumber(usage.credits)} credits in {formatNumber(usage.calls)} calls, {usage.from} to{' '}
          {usage.to}
        </dd>
      </dl>
      {usage.calls === 0 ? (
        <EmptyState title="No calls in this range.">
          <p>
            Every tool call and monitor check is counted here by day. Call a tool with your key, or run a
            monitor, then come back; or pick an earlier range.
          </p>
        </EmptyState>
      ) : (
        <>
          <StackedBars
            labels={usage.days.map((day) => day.date.slice(5))}
            stacks={stacks}
            yLabel="Credits"
            unit="credits"
            description={`Credits per day from ${usage.from} to ${usage.to}, stacked by tool: ${usage.credits} credits in all. The tables below have the totals per tool and per day.`}
          />
          <TableScroll label="Usage per tool">
            <table class="stack-on-narrow">
              <caption>
                Per tool, {usage.from} to {usage.to}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Tool</th>
                  <th scope="col" class="number">
                    Credits
                  </th>
                  <th scope="col" class="number">
                    Calls
                  </th>
                </tr>
              </thead>
              <tbody>
                {usage.tools.map((tool) => (
                  <tr key={tool.tool}>
                    <th scope="row">
                      <span class="swatch" style={{ background: colorOf(tool.tool) }} aria-hidden="true" />
                      {tool.tool}
                      {others.includes(tool.tool) ? <span class="hint"> (in “{OTHER_LABEL}”)</span> : null}
                    </th>
                    <td class="number" data-label="Credits">
                      {formatNumber(tool.credits)}
                    </td>
                    <td class="number" data-label="Calls">
                      {formatNumber(tool.calls)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <MonitorSpendTable usage={usage} />
          <DayTable usage={usage} />
        </>
      )}
    </>
  );
}

/** The chart's numbers, one row per day that had calls: what each day cost and in how many calls. */
function DayTable({ usage }: { usage: Usage }) {
  const days = usage.days.filter((day) => day.calls > 0);
  return (
    <TableScroll label="Usage per day">
      <table class="stack-on-narrow">
        <caption>Per day (UTC), days with calls only</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col" class="number">
              Credits
            </th>
            <th scope="col" class="number">
              Calls
            </th>
            <th scope="col">Tools</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{day.date}</th>
              <td class="number" data-label="Credits">
                {formatNumber(day.credits)}
              </td>
              <td class="number" data-label="Calls">
                {formatNumber(day.calls)}
              </td>
              <td data-label="Tools">
                {day.tools.map((entry) => `${entry.tool} ${formatNumber(entry.credits)}`).join(', ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
