import type { ComponentChildren } from 'preact';

interface FieldProps {
  id: string;
  label: string;
  /** Help shown under the label, tied to the control with aria-describedby. */
  hint?: ComponentChildren;
  /** The API's message for this field, shown next to it. */
  error?: string;
  children: (describedBy: string | undefined, invalid: boolean) => ComponentChildren;
}

/** A labelled control with its hint and the API's error for it, announced with the control. */
export function Field({ id, label, hint, error, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div class={error ? 'field field-invalid' : 'field'}>
      <label for={id}>{label}</label>
      {hint ? (
        <p class="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {children(describedBy, Boolean(error))}
      {error ? (
        <p class="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
