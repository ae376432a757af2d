import type { Config } from '../../env.js';
import { dataForSeoProvider } from '../dataforseo/index.js';
import type { SerpProvider } from '../kinds/serp.js';

export const SERP_VARIABLES = 'DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD (DataForSEO SERP API)';

export function serpProvider(
  config: Pick<Config, 'DATAFORSEO_LOGIN' | 'DATAFORSEO_PASSWORD' | 'DATAFORSEO_URL'>,
): SerpProvider | null {
  if (!config.DATAFORSEO_LOGIN || !config.DATAFORSEO_PASSWORD) return null;
  return dataForSeoProvider(config.DATAFORSEO_URL, config.DATAFORSEO_LOGIN, config.DATAFORSEO_PASSWORD);
}
