import { useCallback, useEffect, useState } from 'preact/hooks';
import { ApiError } from './api.js';

export type Loaded<T> =
  | { state: 'loading' }
  | { state: 'failed'; error: ApiError }
  | { state: 'ready'; data: T };

/** Loads on mount and whenever `deps` change; `reload` fetches again, keeping the old data shown. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): [Loaded<T>, () => Promise<void>] {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const reload = useCallback(async () => {
    try {
      setLoaded({ state: 'ready', data: await load() });
    } catch (error) {
      setLoaded({ state: 'failed', error: asApiError(error) });
    }
  }, deps);
  useEffect(() => {
    setLoaded({ state: 'loading' });
    void reload();
  }, [reload]);
  return [loaded, reload];
}

export function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(0, 'CLIENT_ERROR', String(error));
}
