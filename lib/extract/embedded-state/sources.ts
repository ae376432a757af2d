/** Every source name extract_embedded_state reports, in the order `found` lists them. */
export const SOURCE_NAMES = [
  'next_data',
  'next_f',
  'nuxt',
  'nuxt_data',
  'sveltekit_data',
  'yt_initial_data',
  'yt_initial_player_response',
  'apollo_state',
  'apollo_ssr_transport',
  'initial_state',
  'preloaded_state',
  'preloaded_data',
  'remix_context',
  'tgt_data',
  'pws_data',
  'server_data',
  'app_state',
  'state',
  'global_data',
  'inertia_page',
  'shop_analytics_meta',
  'json_scripts',
  'json_attributes',
] as const;

export type SourceName = (typeof SOURCE_NAMES)[number];

/** Sources that are one global assigned in an inline script (or a JSON script with that id). */
export const GLOBAL_SOURCES: readonly { name: SourceName; variable: string }[] = [
  { name: 'nuxt', variable: '__NUXT__' },
  { name: 'yt_initial_data', variable: 'ytInitialData' },
  { name: 'yt_initial_player_response', variable: 'ytInitialPlayerResponse' },
  { name: 'apollo_state', variable: '__APOLLO_STATE__' },
  { name: 'initial_state', variable: '__INITIAL_STATE__' },
  { name: 'preloaded_state', variable: '__PRELOADED_STATE__' },
  { name: 'preloaded_data', variable: '__PRELOADED_DATA__' },
  { name: 'remix_context', variable: '__remixContext' },
  { name: 'tgt_data', variable: '__TGT_DATA__' },
  { name: 'pws_data', variable: '__PWS_DATA__' },
  { name: 'server_data', variable: '__SERVER_DATA__' },
  { name: 'app_state', variable: '__APP_STATE__' },
  { name: 'state', variable: '__STATE__' },
  { name: 'global_data', variable: '__GLOBAL_DATA__' },
];

export interface FoundSource {
  name: SourceName;
  /** Where it was read from: the global, element or attribute that carried it. */
  variable: string;
  /** UTF-8 size of the JSON text as the page carried it. */
  bytes: number;
}

export interface JsonScriptEntry {
  id: string | null;
  data: unknown;
}

export interface JsonAttributeEntry {
  tag: string;
  attribute: string;
  id: string | null;
  data: unknown;
}

export interface EmbeddedState {
  found: FoundSource[];
  /** Decoded data keyed by source name; only sources that were found. */
  data: Partial<Record<SourceName, unknown>>;
  warnings: string[];
}
