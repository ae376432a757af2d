import { useState } from 'preact/hooks';
import type { Monitor, WebhookTestDelivery } from '../../../sdk/typescript/src/generated/types.js';
import type { ApiError } from './api.js';
import { useApi } from './context.js';
import { ErrorMessage } from './messages.js';
import { asApiError } from './use-load.js';

/**
 * The webhook of a monitor page: its URL, the signing secret hidden until asked for (it is in the
 * monitor read, so revealing costs no call and leaves no trace), and a signed test event sent now.
 */
export function WebhookTools({ monitor }: { monitor: Monitor }) {
  const [shown, setShown] = useState(false);
  if (!monitor.webhook_url) return <>none</>;
  return (
    <div class="webhook">
      <p class="url">{monitor.webhook_url}</p>
      {monitor.webhook_secret ? (
        <p class="actions">
          <span>
            Signing secret:{' '}
            {shown ? (
              <code class="secret">{monitor.webhook_secret}</code>
            ) : (
              <span aria-hidden="true">••••••••</span>
            )}
          </span>
          <button
            type="button"
            class="button button-small"
            aria-expanded={shown}
            onClick={() => setShown(!shown)}
          >
            {shown ? 'Hide the secret' : 'Show the secret'}
          </button>
        </p>
      ) : null}
      <TestWebhook monitorId={monitor.id} />
    </div>
  );
}

function TestWebhook({ monitorId }: { monitorId: string }) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<WebhookTestDelivery | ApiError | null>(null);
  const send = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome(await api.testWebhook(monitorId));
    } catch (error) {
      setOutcome(asApiError(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" class="button button-small" disabled={busy} onClick={send}>
        {busy ? 'Sending…' : 'Send a test event'}
      </button>
      <p role="status" class="test-outcome">
        {outcome && !('code' in outcome) ? testInWords(outcome) : null}
      </p>
      {outcome && 'code' in outcome ? <ErrorMessage error={outcome} title="The test was not sent." /> : null}
    </>
  );
}

function testInWords(test: WebhookTestDelivery): string {
  const answer = test.http_status ? `HTTP ${test.http_status}` : 'no answer';
  return test.status === 'delivered'
    ? `Test event delivered: ${answer} in ${test.duration_ms} ms.`
    : `Test event failed: ${answer}${test.error ? `, ${test.error}` : ''} (one attempt, not retried).`;
}
