import { useEffect, useState } from 'preact/hooks';

/** The views, addressed after the `#`: one served page, so a reload or a shared link just works. */
export type Route =
  | { view: 'monitors' }
  | { view: 'new-monitor' }
  | { view: 'monitor'; id: string }
  | { view: 'edit-monitor'; id: string }
  | { view: 'check'; id: string; checkId: string }
  | { view: 'usage' }
  | { view: 'keys' }
  | { view: 'requests' }
  | { view: 'not-found'; path: string };

export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#/, '') || '/';
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  const [first, id, third, checkId] = parts;
  if (parts.length === 0 || (first === 'monitors' && parts.length === 1)) return { view: 'monitors' };
  if (first === 'usage' && parts.length === 1) return { view: 'usage' };
  if (first === 'keys' && parts.length === 1) return { view: 'keys' };
  if (first === 'requests' && parts.length === 1) return { view: 'requests' };
  if (first === 'monitors' && id === 'new' && parts.length === 2) return { view: 'new-monitor' };
  if (first === 'monitors' && parts.length === 2) return { view: 'monitor', id };
  if (first === 'monitors' && third === 'edit' && parts.length === 3) return { view: 'edit-monitor', id };
  if (first === 'monitors' && third === 'checks' && parts.length === 4) return { view: 'check', id, checkId };
  return { view: 'not-found', path };
}

export const href = {
  monitors: () => '#/monitors',
  newMonitor: () => '#/monitors/new',
  monitor: (id: string) => `#/monitors/${encodeURIComponent(id)}`,
  editMonitor: (id: string) => `#/monitors/${encodeURIComponent(id)}/edit`,
  check: (id: string, checkId: string) =>
    `#/monitors/${encodeURIComponent(id)}/checks/${encodeURIComponent(checkId)}`,
  usage: () => '#/usage',
  keys: () => '#/keys',
  requests: () => '#/requests',
};

export function navigate(to: string): void {
  window.location.hash = to;
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const update = () => setRoute(parseRoute(window.location.hash));
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return route;
}
