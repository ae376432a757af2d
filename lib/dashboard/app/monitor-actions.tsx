import { useState } from 'preact/hooks';
import type { CheckWithPages } from '../../../sdk/typescript/src/generated/types.js';
import type { ApiError } from './api.js';
import { useApi } from './context.js';
import { asApiError } from './use-load.js';

export type ActionResult =
  | { kind: 'paused' | 'resumed' | 'bulk-ran' | 'deleted'; name: string }
  | { kind: 'ran'; name: string; check: CheckWithPages }
  | { kind: 'failed'; name: string; error: ApiError };

interface Props {
  monitor: { id: string; name: string; status: 'active' | 'paused' };
  onDone: (result: ActionResult) => void;
}

/** Pause or resume, and run one check now: the two buttons the list and a monitor's page share. */
export function MonitorActions({ monitor, onDone }: Props) {
  const api = useApi();
  const [busy, setBusy] = useState<'toggle' | 'run' | null>(null);
  const { id, name, status } = monitor;

  const act = async (which: 'toggle' | 'run') => {
    setBusy(which);
    try {
      if (which === 'run') {
        onDone({ kind: 'ran', name, check: await api.runMonitor(id) });
      } else {
        const next = status === 'active' ? 'paused' : 'active';
        await api.updateMonitor(id, { status: next });
        onDone({ kind: next === 'paused' ? 'paused' : 'resumed', name });
      }
    } catch (error) {
      onDone({ kind: 'failed', name, error: asApiError(error) });
    } finally {
      setBusy(null);
    }
  };

  // The monitor's name is in each button's accessible name only: a list of twenty "Run now" buttons
  // says which is which to a screen reader, and the visible text stays short.
  return (
    <div class="actions">
      <button type="button" class="button" disabled={busy !== null} onClick={() => act('toggle')}>
        {status === 'active' ? 'Pause' : 'Resume'}
        <span class="visually-hidden"> {name}</span>
      </button>
      <button
        type="button"
        class="button"
        disabled={busy !== null}
        aria-busy={busy === 'run'}
        onClick={() => act('run')}
      >
        {busy === 'run' ? 'Running…' : 'Run now'}
        <span class="visually-hidden"> {name}</span>
      </button>
    </div>
  );
}
