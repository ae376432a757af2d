import { useState } from 'preact/hooks';
import { type ApiError, createApi } from '../api.js';
import { Field } from '../field.js';
import { asApiError } from '../use-load.js';

/**
 * Paste a key, checked with a free call (usage) before it is kept. The form posts nowhere: the key
 * goes to sessionStorage and to the Authorization header, never into a URL.
 */
export function SignIn({ onSignedIn, notice }: { onSignedIn: (key: string) => void; notice?: string }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    const trimmed = key.trim();
    setBusy(true);
    setError(null);
    try {
      await createApi(trimmed).usage();
      onSignedIn(trimmed);
    } catch (caught) {
      setError(asApiError(caught));
      setBusy(false);
    }
  };

  return (
    <main id="content" class="sign-in">
      <h1>Sign in to the dashboard</h1>
      {notice ? (
        <p class="notice" role="alert">
          {notice}
        </p>
      ) : null}
      <p>
        Paste an API key of your account. It stays in this browser tab only and is sent to this service as an{' '}
        <code>Authorization: Bearer</code> header.
      </p>
      <form method="post" onSubmit={submit} noValidate>
        <Field
          id="api-key"
          label="API key"
          hint="The key you send as X-API-Key to the tools."
          error={error ? `${error.message} (${error.code})` : undefined}
        >
          {(describedBy, invalid) => (
            <input
              id="api-key"
              name="api-key"
              type="password"
              autocomplete="off"
              spellcheck={false}
              required
              value={key}
              onInput={(event) => setKey(event.currentTarget.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid}
            />
          )}
        </Field>
        <button type="submit" class="button button-primary" disabled={busy}>
          {busy ? 'Checking the key…' : 'Sign in'}
        </button>
      </form>
      <p>
        The tools, their schemas and examples are in the <a href="/docs">API reference</a>.
      </p>
    </main>
  );
}
