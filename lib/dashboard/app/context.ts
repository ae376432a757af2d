import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Api } from './api.js';

export const ApiContext = createContext<Api | null>(null);

/** The signed-in API client; every page below the sign-in has one. */
export function useApi(): Api {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi outside the signed-in app');
  return api;
}
