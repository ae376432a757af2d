import type { Config } from '../../env.js';
import { braveProvider } from '../brave/index.js';
import type { WebSearchProvider } from '../kinds/web-search.js';
import { searxngProvider } from '../searxng/index.js';

/**
 * Which providers a deployment has is read from its configuration, one file per kind. Tools ask
 * here for an interface or null and never name an adapter, so swapping a provider touches only
 * this folder. The variable lists are what descriptions and 503 messages tell an operator to set.
 */
export const WEB_SEARCH_VARIABLES =
  'SEARXNG_URL (a SearXNG instance with format=json enabled) or BRAVE_SEARCH_API_KEY (Brave Search API); SEARCH_PROVIDER picks one when both are set';

type SearchConfig = Pick<
  Config,
  'SEARXNG_URL' | 'BRAVE_SEARCH_API_KEY' | 'BRAVE_SEARCH_URL' | 'SEARCH_PROVIDER'
>;

/** SEARCH_PROVIDER when it names a configured provider, else the first configured: SearXNG, Brave. */
export function webSearchProvider(config: SearchConfig): WebSearchProvider | null {
  const searxng = config.SEARXNG_URL ? searxngProvider(config.SEARXNG_URL) : null;
  const brave = config.BRAVE_SEARCH_API_KEY
    ? braveProvider(config.BRAVE_SEARCH_URL, config.BRAVE_SEARCH_API_KEY)
    : null;
  return config.SEARCH_PROVIDER === 'brave' ? (brave ?? searxng) : (searxng ?? brave);
}
