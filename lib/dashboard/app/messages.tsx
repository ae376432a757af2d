import type { ComponentChildren } from 'preact';
import type { ApiError } from './api.js';

/** Every failed call ends here: the API's code and message, never a blank screen. */
export function ErrorMessage({
  error,
  title,
  onRetry,
}: {
  error: ApiError;
  title?: string;
  onRetry?: () => void;
}) {
  return (
    <div class="message message-error" role="alert">
      <p>
        <strong>{title ?? 'Something went wrong.'}</strong> {error.message}{' '}
        <code class="code">{error.code}</code>
      </p>
      {error.status === 401 ? <p>Your key was refused: sign out and paste a valid key.</p> : null}
      {onRetry ? (
        <button type="button" class="button" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

export function Notice({ children }: { children: ComponentChildren }) {
  return (
    <div class="message message-info" role="status">
      {children}
    </div>
  );
}

/** What an empty list says instead of nothing: what it will show, and what to do next. */
export function EmptyState({ title, children }: { title: string; children: ComponentChildren }) {
  return (
    <div class="empty">
      <p class="empty-title">{title}</p>
      {children}
    </div>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p class="loading" role="status">
      Loading {what}…
    </p>
  );
}
