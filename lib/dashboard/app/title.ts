import { useEffect } from 'preact/hooks';

const SERVICE = 'Web Extraction Service';

/** Each view names itself in the tab and in the browser history. */
export function useTitle(view: string): void {
  useEffect(() => {
    document.title = `${view} · ${SERVICE}`;
  }, [view]);
}
