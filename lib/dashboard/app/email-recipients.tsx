import type { NotifyEmailStatus } from '../../../sdk/typescript/src/generated/types.js';

const IN_WORDS: Record<NotifyEmailStatus['status'], string> = {
  pending: 'waiting for confirmation',
  confirmed: 'confirmed',
  unsubscribed: 'unsubscribed',
};

/**
 * Each address of `notify_emails` with its consent, since only confirmed ones are emailed: an
 * address still waiting for its confirmation link, or one that unsubscribed, gets nothing.
 */
export function EmailRecipients({ statuses }: { statuses: NotifyEmailStatus[] }) {
  if (statuses.length === 0) return <>none</>;
  return (
    <>
      <ul class="plain">
        {statuses.map(({ email, status }) => (
          <li key={email}>
            {email} <span class={`badge badge-email-${status}`}>{IN_WORDS[status]}</span>
          </li>
        ))}
      </ul>
      {statuses.some(({ status }) => status !== 'confirmed') ? (
        <p class="hint">
          Only confirmed addresses are emailed; each new address was sent a confirmation link.
        </p>
      ) : null}
    </>
  );
}
