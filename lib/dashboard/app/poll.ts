import { useEffect } from 'preact/hooks';

/**
 * Reloads every few seconds while `active` holds (a check is running, or a run is due within the
 * minute), so a view updates in place. Three seconds keeps a free-plan account (one request per
 * second) well inside its rate even with two reads per reload.
 */
export function usePollWhile(active: boolean, reload: () => unknown, everyMs = 3000): void {
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => void reload(), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs]);
}
