import { useState } from 'preact/hooks';
import type { Usage } from '../../../../sdk/typescript/src/generated/types.js';
import { useApi } from '../context.js';
import { Field } from '../field.js';
import { formatNumber } from '../format.js';
import { EmptyState, ErrorMessage, Loading } from '../messages.js';
import { PALETTE, StackedBars } from '../stacked-bars.js';
import { TableScroll } from '../table-scroll.js';
import { useLoad } from '../use-load.js';

/** Credits per day stacked by tool over a chosen range, with the balance and plan. */
export function UsagePage() {
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
  const tools = usage.tools.map((tool) => tool.tool);
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
            stacks={tools.map((tool, index) => ({
              label: tool,
              color: PALETTE[index % PALETTE.length],
              values: usage.days.map((day) => day.tools.find((entry) => entry.tool === tool)?.credits ?? 0),
            }))}
            yLabel="Credits"
            description={`Credits per day from ${usage.from} to ${usage.to}, stacked by tool: ${usage.credits} credits in all. The table below has the totals per tool.`}
          />
          <TableScroll label="Usage per tool">
            <table>
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
                    <th scope="row">{tool.tool}</th>
                    <td class="number">{formatNumber(tool.credits)}</td>
                    <td class="number">{formatNumber(tool.calls)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
    </>
  );
}
