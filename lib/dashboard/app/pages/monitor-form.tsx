import { useEffect, useState } from 'preact/hooks';
import type { Monitor } from '../../../../sdk/typescript/src/generated/types.js';
import { ApiError } from '../api.js';
import { useApi } from '../context.js';
import { cronInWords } from '../cron-words.js';
import { Field } from '../field.js';
import { formatNumber } from '../format.js';
import { ErrorMessage, Loading } from '../messages.js';
import {
  controlId,
  draftOf,
  emptyDraft,
  fieldErrors,
  type MonitorDraft,
  requestOf,
} from '../monitor-draft.js';
import { href, navigate } from '../router.js';
import { useTitle } from '../title.js';
import { asApiError, useLoad } from '../use-load.js';
import { estimateCreditsPerMonth, validateDraft } from '../validate-draft.js';

const TIME_ZONES =
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];

/** Create a monitor, or edit one (`id`): the form is the same, the verb differs. */
export function MonitorFormPage({ id }: { id?: string }) {
  const api = useApi();
  const [loaded, reload] = useLoad(async () => (id ? api.getMonitor(id) : null), [api, id]);
  if (loaded.state === 'loading') return <Loading what="the monitor" />;
  if (loaded.state === 'failed') {
    return <ErrorMessage error={loaded.error} title="The monitor could not be loaded." onRetry={reload} />;
  }
  return <MonitorForm monitor={loaded.data} />;
}

function MonitorForm({ monitor }: { monitor: Monitor | null }) {
  const api = useApi();
  const [draft, setDraft] = useState<MonitorDraft>(() => (monitor ? draftOf(monitor) : emptyDraft()));
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  // Fields edited since the last answer: their old message would now describe a value that is gone.
  const [edited, setEdited] = useState<Set<string>>(new Set());
  const { byField, unplaced } = fieldErrors(
    (error?.details ?? [])
      .filter((detail) => !edited.has(fieldOf(detail.field)))
      .map((detail) => ({ ...detail, message: plainMessage(detail.message) })),
    draft,
  );
  const estimate = estimateCreditsPerMonth(draft);
  useTitle(monitor ? `Edit ${monitor.name}` : 'New monitor');

  useEffect(() => {
    const first = Object.keys(byField)[0];
    if (first) document.getElementById(controlId(first))?.focus();
  }, [error]);

  const markEdited = (field: string) => {
    if (!edited.has(field)) setEdited(new Set([...edited, field]));
  };
  const set = <K extends keyof MonitorDraft>(field: K, value: MonitorDraft[K]) => {
    markEdited(field);
    setDraft({ ...draft, [field]: value });
  };
  const setTarget = (index: number, part: 'url' | 'selector', value: string) => {
    markEdited(`targets.${index}.${part}`);
    setDraft({
      ...draft,
      targets: draft.targets.map((target, i) => (i === index ? { ...target, [part]: value } : target)),
    });
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    setEdited(new Set());
    const issues = validateDraft(draft);
    if (issues.length) {
      setError(new ApiError(400, 'VALIDATION_ERROR', 'Some fields need a change.', issues));
      return;
    }
    setBusy(true);
    try {
      const body = requestOf(draft, monitor !== null);
      const saved = monitor ? await api.updateMonitor(monitor.id, body) : await api.createMonitor(body);
      navigate(href.monitor(saved.id));
    } catch (caught) {
      setError(asApiError(caught));
      setBusy(false);
    }
  };

  const text = (
    field: Exclude<keyof MonitorDraft, 'targets'>,
    label: string,
    options: { hint?: string; type?: string; list?: string } = {},
  ) => (
    <Field id={controlId(field)} label={label} hint={options.hint} error={byField[field]}>
      {(describedBy, invalid) => (
        <input
          id={controlId(field)}
          type={options.type ?? 'text'}
          list={options.list}
          value={draft[field]}
          onInput={(event) => set(field, event.currentTarget.value)}
          aria-describedby={describedBy}
          aria-invalid={invalid}
        />
      )}
    </Field>
  );

  return (
    <>
      <h1 tabIndex={-1}>{monitor ? `Edit ${monitor.name}` : 'New monitor'}</h1>
      {error ? (
        <ErrorMessage
          error={error}
          title={
            error.code === 'VALIDATION_ERROR'
              ? 'The monitor was not saved: see the fields marked below.'
              : 'The monitor was not saved.'
          }
        />
      ) : null}
      {unplaced.length ? (
        <ul class="field-error">
          {unplaced.map((detail) => (
            <li key={detail.field}>
              {detail.field}: {detail.message}
            </li>
          ))}
        </ul>
      ) : null}
      <form method="post" onSubmit={submit} noValidate class="form">
        {text('name', 'Name', { hint: '1 to 80 characters, shown in emails and here.' })}
        <fieldset
          class={byField.targets ? 'field-invalid' : undefined}
          aria-describedby={byField.targets ? 'targets-error' : undefined}
        >
          <legend>Pages to watch</legend>
          {byField.targets ? (
            <p class="field-error" id="targets-error">
              {byField.targets}
            </p>
          ) : null}
          {draft.targets.map((target, index) => (
            <div class="target" key={index}>
              <Field
                id={controlId(`targets.${index}.url`)}
                label={`Page ${index + 1} URL`}
                error={byField[`targets.${index}.url`]}
              >
                {(describedBy, invalid) => (
                  <input
                    id={controlId(`targets.${index}.url`)}
                    type="url"
                    value={target.url}
                    placeholder="https://example.com/pricing"
                    onInput={(event) => setTarget(index, 'url', event.currentTarget.value)}
                    aria-describedby={describedBy}
                    aria-invalid={invalid}
                  />
                )}
              </Field>
              <Field
                id={controlId(`targets.${index}.selector`)}
                label={`Page ${index + 1} CSS selector (optional)`}
                error={byField[`targets.${index}.selector`]}
              >
                {(describedBy, invalid) => (
                  <input
                    id={controlId(`targets.${index}.selector`)}
                    value={target.selector}
                    placeholder="#price"
                    onInput={(event) => setTarget(index, 'selector', event.currentTarget.value)}
                    aria-describedby={describedBy}
                    aria-invalid={invalid}
                  />
                )}
              </Field>
              {draft.targets.length > 1 ? (
                <button
                  type="button"
                  class="button button-small"
                  onClick={() =>
                    set(
                      'targets',
                      draft.targets.filter((_, i) => i !== index),
                    )
                  }
                >
                  Remove page {index + 1}
                </button>
              ) : null}
            </div>
          ))}
          <button
            type="button"
            class="button"
            onClick={() => set('targets', [...draft.targets, { url: '', selector: '' }])}
          >
            Add a page
          </button>
        </fieldset>
        {text('schedule_cron', 'Schedule (cron)', {
          hint: `Minute hour day-of-month month day-of-week, at least 5 minutes apart. Reads: ${cronInWords(draft.schedule_cron)}.`,
        })}
        {text('timezone', 'Time zone', {
          hint: 'The IANA zone the schedule is read in.',
          list: 'time-zones',
        })}
        <datalist id="time-zones">
          {TIME_ZONES.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        {text('notify_emails', 'Emails to notify (optional)', {
          hint: 'Up to 5 addresses, separated by commas.',
        })}
        {text('webhook_url', 'Webhook URL (optional)', {
          hint: 'A public https URL that receives signed events.',
          type: 'url',
        })}
        {text('retention_days', 'Keep checks for (days)', { hint: '1 to 365.', type: 'number' })}
        <p class="estimate" role="status">
          {estimate === null
            ? 'The cost estimate appears once the schedule and time zone can be read.'
            : `Estimated cost: ${formatNumber(estimate)} credits a month at most (3 per page checked, ${draft.targets.length} ${draft.targets.length === 1 ? 'page' : 'pages'}).`}
        </p>
        <div class="actions">
          <button type="submit" class="button button-primary" disabled={busy}>
            {busy ? 'Saving…' : monitor ? 'Save changes' : 'Create monitor'}
          </button>
          <a class="button" href={monitor ? href.monitor(monitor.id) : href.monitors()}>
            Cancel
          </a>
        </div>
      </form>
    </>
  );
}

/** targets.0 and notify_emails.2 belong to the controls targets.0.url and notify_emails. */
function fieldOf(field: string): string {
  return field.replace(/^targets\.(\d+)$/, 'targets.$1.url').replace(/^notify_emails\.\d+$/, 'notify_emails');
}

/** The validator's terse wording, in the words of the form ("Too big: expected number to be <=365"). */
export function plainMessage(message: string): string {
  const bound = message.match(
    /^Too (big|small): expected \w+ to (?:be|have) [<>]=?(\d+)( characters| items)?/,
  );
  if (bound) {
    const unit = bound[3] ? bound[3].trim() : '';
    return `Must be ${bound[1] === 'big' ? 'at most' : 'at least'} ${bound[2]}${unit ? ` ${unit}` : ''}.`;
  }
  if (/^Invalid input: expected \w+, received undefined$/.test(message)) return 'This is required.';
  return message.charAt(0).toUpperCase() + message.slice(1);
}
