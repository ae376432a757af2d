import { useEffect, useState } from 'preact/hooks';
import { formatRelative, formatTime } from './format.js';

/**
 * A point in time as people read it on a list: "in 3 min" or "5 min ago", with the exact time and
 * its zone in the tooltip and, for keyboard and screen-reader users, in the accessible name.
 * Re-rendered every 30 s so "in 3 min" does not stay on screen after the run.
 */
export function When({ iso, empty = '—' }: { iso: string | null | undefined; empty?: string }) {
  const now = useNow();
  if (!iso) return <>{empty}</>;
  const exact = formatTime(iso);
  const relative = formatRelative(iso, now);
  // A button so the exact time can be reached by keyboard: focus (or a press) shows it, as hover
  // shows the tooltip; a screen reader hears both in the button's name.
  return (
    <button type="button" class="when" title={exact} aria-label={`${relative}, ${exact}`}>
      <time dateTime={iso}>{relative}</time>
      <span class="when-exact" aria-hidden="true">
        {exact}
      </span>
    </button>
  );
}

function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
