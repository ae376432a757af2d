import { useState } from 'preact/hooks';
import type { ApiKey, IssuedApiKey } from '../../../../sdk/typescript/src/generated/types.js';
import type { ApiError } from '../api.js';
import { useApi } from '../context.js';
import { Field } from '../field.js';
import { viewerTimeZone } from '../format.js';
import { EmptyState, ErrorMessage, Loading } from '../messages.js';
import { storedKey } from '../session.js';
import { TableScroll } from '../table-scroll.js';
import { useTitle } from '../title.js';
import { asApiError, useLoad } from '../use-load.js';
import { When } from '../when.js';

/** The account's API keys: made here (the secret shown once), listed by hint, revoked with a confirm. */
export function KeysPage() {
  useTitle('API keys');
  const api = useApi();
  const [loaded, reload] = useLoad(() => api.listKeys(), [api]);
  const [issued, setIssued] = useState<IssuedApiKey | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);

  const revoke = async (key: ApiKey) => {
    const mine = isSessionKey(key);
    const question = mine
      ? `Revoke “${label(key)}”? It is the key this dashboard is signed in with: you will be signed out.`
      : `Revoke “${label(key)}”? Every call made with it is refused from now on. This cannot be undone.`;
    if (!window.confirm(question)) return;
    setFailure(null);
    try {
      await api.revokeKey(key.id);
      await reload();
    } catch (error) {
      setFailure(asApiError(error));
    }
  };

  return (
    <>
      <h1 tabIndex={-1}>API keys</h1>
      <p class="hint">
        Every key spends the same account’s credits. A revoked key is refused at once, on every call.
      </p>
      <CreateKey
        onCreated={(key) => {
          setIssued(key);
          void reload();
        }}
      />
      {issued ? <IssuedKey issued={issued} onDone={() => setIssued(null)} /> : null}
      {failure ? <ErrorMessage error={failure} title="The key could not be revoked." /> : null}
      {loaded.state === 'loading' ? <Loading what="the keys" /> : null}
      {loaded.state === 'failed' ? (
        <ErrorMessage error={loaded.error} title="The keys could not be loaded." onRetry={reload} />
      ) : null}
      {loaded.state === 'ready' ? <KeyTable keys={loaded.data} onRevoke={revoke} /> : null}
    </>
  );
}

function CreateKey({ onCreated }: { onCreated: (key: IssuedApiKey) => void }) {
  const api = useApi();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onCreated(await api.createKey(name.trim() || undefined));
      setName('');
    } catch (failed) {
      setError(asApiError(failed));
    } finally {
      setBusy(false);
    }
  };
  const nameError = error?.details.find((detail) => detail.field === 'name')?.message;
  return (
    <form method="post" class="range" onSubmit={submit} noValidate>
      <Field id="key-name" label="Name (optional)" error={nameError}>
        {(describedBy, invalid) => (
          <input
            id="key-name"
            value={name}
            maxLength={100}
            placeholder="CI pipeline"
            onInput={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </Field>
      <button type="submit" class="button button-primary" disabled={busy}>
        Create key
      </button>
      {error && !nameError ? <ErrorMessage error={error} title="The key could not be created." /> : null}
    </form>
  );
}

/** The one moment the secret exists outside its owner's hands: shown with a copy button, then gone. */
function IssuedKey({ issued, onDone }: { issued: IssuedApiKey; onDone: () => void }) {
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(issued.key);
      setCopied('yes');
    } catch {
      // No clipboard (an insecure origin, a denied permission): the field is selected for Ctrl+C.
      document.querySelector<HTMLInputElement>('#issued-key')?.select();
      setCopied('failed');
    }
  };
  return (
    <section class="message message-info issued-key" aria-labelledby="issued-key-title">
      <h2 id="issued-key-title">Your new key {issued.name ? `“${issued.name}”` : ''}</h2>
      <p>
        <strong>Copy it now: it is shown this once.</strong> The service keeps only its hash.
      </p>
      <label for="issued-key">The key</label>
      <div class="actions">
        <input id="issued-key" class="secret" readOnly value={issued.key} onFocus={selectAll} />
        <button type="button" class="button" onClick={copy}>
          Copy
        </button>
        <button type="button" class="button" onClick={onDone}>
          Done
        </button>
      </div>
      <p role="status" class="hint">
        {copied === 'yes' ? 'Copied to the clipboard.' : null}
        {copied === 'failed'
          ? 'The clipboard is not available here: the key is selected, press Ctrl+C.'
          : null}
      </p>
    </section>
  );
}

function selectAll(event: FocusEvent) {
  (event.currentTarget as HTMLInputElement).select();
}

function KeyTable({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  if (keys.length === 0) {
    return (
      <EmptyState title="No keys.">
        <p>Create one above.</p>
      </EmptyState>
    );
  }
  return (
    <TableScroll label="Keys">
      <table class="stack-on-narrow">
        <caption>Keys, newest first (times in {viewerTimeZone()})</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Key</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id} class={key.status === 'revoked' ? 'revoked' : undefined}>
              <th scope="row">
                {key.name ?? <span class="hint">unnamed</span>}
                {isSessionKey(key) ? <span class="hint"> (this session)</span> : null}
              </th>
              <td data-label="Key">
                <code>{key.hint}</code>
              </td>
              <td data-label="Created">
                <When iso={key.created_at} />
              </td>
              <td data-label="Last used">
                <When iso={key.last_used_at} empty="never" />
              </td>
              <td data-label="Status">
                {key.status === 'revoked' ? (
                  <>
                    revoked <When iso={key.revoked_at} />
                  </>
                ) : (
                  'active'
                )}
              </td>
              <td>
                {key.status === 'active' ? (
                  <button
                    type="button"
                    class="button button-small button-danger"
                    onClick={() => onRevoke(key)}
                  >
                    Revoke<span class="visually-hidden"> {label(key)}</span>
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function label(key: ApiKey): string {
  return key.name ?? key.hint;
}

/** The hint is the key's first and last characters around “…”: enough to tell this session's key. */
function isSessionKey(key: ApiKey): boolean {
  const session = storedKey();
  const cut = key.hint.indexOf('…');
  if (!session || cut < 0) return false;
  return session.startsWith(key.hint.slice(0, cut)) && session.endsWith(key.hint.slice(cut + 1));
}
