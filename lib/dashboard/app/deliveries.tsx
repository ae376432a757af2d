import { useState } from 'preact/hooks';
import type { WebhookDelivery } from '../../../sdk/typescript/src/generated/types.js';
import type { ApiError } from './api.js';
import { useApi } from './context.js';
import { ErrorMessage, Notice } from './messages.js';
import { TableScroll } from './table-scroll.js';
import { asApiError } from './use-load.js';
import { When } from './when.js';

/**
 * A check's webhook deliveries: each one's outcome, the body it sent, and a button that sends that
 * body again (a new delivery on the same check, with the usual retries).
 */
export function Deliveries({
  monitorId,
  checkId,
  deliveries,
  canRedeliver,
  onRedelivered,
}: {
  monitorId: string;
  checkId: string;
  deliveries: WebhookDelivery[];
  /** The monitor still has a webhook URL to send to. */
  canRedeliver: boolean;
  onRedelivered: () => void;
}) {
  const api = useApi();
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<WebhookDelivery | ApiError | null>(null);
  const redeliver = async (delivery: WebhookDelivery) => {
    setBusy(delivery.id);
    setOutcome(null);
    try {
      setOutcome(await api.redeliver(monitorId, checkId, delivery.id));
      onRedelivered();
    } catch (error) {
      setOutcome(asApiError(error));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      {outcome && 'code' in outcome ? (
        <ErrorMessage error={outcome} title="The delivery was not sent again." />
      ) : null}
      {outcome && !('code' in outcome) ? (
        <Notice>
          Sent {outcome.event} again as <code class="id">{outcome.id}</code>: {outcome.status}
          {outcome.http_status ? ` (HTTP ${outcome.http_status})` : ''}.
        </Notice>
      ) : null}
      <TableScroll label="Webhook deliveries">
        <table class="stack-on-narrow">
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Status</th>
              <th scope="col" class="number">
                Attempts
              </th>
              <th scope="col">HTTP</th>
              <th scope="col">Error</th>
              <th scope="col">Delivered / next attempt</th>
              <th scope="col">Payload</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((delivery) => (
              <tr key={delivery.id}>
                <th scope="row">
                  {delivery.event}
                  <br />
                  <code class="id">{delivery.id}</code>
                </th>
                <td data-label="Status">{delivery.status}</td>
                <td class="number" data-label="Attempts">
                  {delivery.attempts}
                </td>
                <td data-label="HTTP">{delivery.http_status ?? '—'}</td>
                <td data-label="Error">{delivery.error ?? '—'}</td>
                <td data-label="Delivered / next attempt">
                  <When iso={delivery.delivered_at ?? delivery.next_attempt_at} />
                </td>
                <td>
                  <details class="payload">
                    <summary>
                      Payload<span class="visually-hidden"> of {delivery.id}</span>
                    </summary>
                    <pre>{JSON.stringify(delivery.payload, null, 2)}</pre>
                  </details>
                </td>
                <td>
                  {canRedeliver ? (
                    <button
                      type="button"
                      class="button button-small"
                      disabled={busy !== null}
                      onClick={() => redeliver(delivery)}
                    >
                      {busy === delivery.id ? 'Sending…' : 'Redeliver'}
                      <span class="visually-hidden"> {delivery.id}</span>
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}
