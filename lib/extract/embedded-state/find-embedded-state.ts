import type { CheerioAPI } from 'cheerio/slim';
import { isElement } from '../../html/dom.js';
import { loadMarkup } from '../../html/markup-parser.js';
import { SourceCollector } from './collector.js';
import { decodeDevalue } from './devalue-payload.js';
import { utf8Length } from './plain-json.js';
import { readScriptSources } from './script-sources.js';
import {
  type EmbeddedState,
  GLOBAL_SOURCES,
  type JsonAttributeEntry,
  type JsonScriptEntry,
} from './sources.js';

export interface FindEmbeddedStateOptions {
  /** Also keep the undecoded devalue array of `__NUXT_DATA__` under `json_scripts`. */
  raw: boolean;
}

/** `data-*` attributes below this many UTF-8 bytes are ordinary markup, not state. */
export const JSON_ATTRIBUTE_MIN_BYTES = 2048;

type ScriptKind = 'js' | 'json' | 'other';

/**
 * Finds the application state a page ships inline for its own hydration, and decodes it
 * without running any of the page's code: scripts are read as text, literals are parsed,
 * and what cannot be read that way is reported in `warnings` rather than evaluated.
 */
export function findEmbeddedState(html: string, options: FindEmbeddedStateOptions): EmbeddedState {
  const $ = loadMarkup(html);
  const collector = new SourceCollector();
  const inlineScripts: string[] = [];
  const jsonScripts: JsonScriptEntry[] = [];
  let jsonScriptBytes = 0;
  const svelteFetched: unknown[] = [];
  let svelteFetchedBytes = 0;

  for (const element of $('script').toArray()) {
    const attribs = element.attribs;
    if (attribs.src !== undefined) continue;
    const kind = scriptKind(attribs.type);
    const text = unwrapCdata($(element).text());
    if (kind === 'js') {
      inlineScripts.push(text);
      continue;
    }
    if (kind !== 'json' || text.trim() === '') continue;
    const id = attribs.id ?? null;
    const label = id ? `script#${id}` : 'script[type="application/json"]';
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      collector.warn(`json_scripts: ${label} is not valid JSON; skipped`);
      continue;
    }
    const bytes = utf8Length(text);
    const globalSource = id ? GLOBAL_SOURCES.find((source) => source.variable === id) : undefined;
    if (id === '__NEXT_DATA__' && !collector.has('next_data')) {
      collector.add('next_data', '__NEXT_DATA__', bytes, value);
    } else if (
      (id === '__NUXT_DATA__' || attribs['data-nuxt-data'] !== undefined) &&
      !collector.has('nuxt_data')
    ) {
      try {
        collector.add('nuxt_data', id ?? '__NUXT_DATA__', bytes, decodeDevalue(value));
      } catch (error) {
        collector.warn(`nuxt_data: ${label} is not a devalue payload (${(error as Error).message}); skipped`);
      }
      if (options.raw) {
        jsonScripts.push({ id, data: value });
        jsonScriptBytes += bytes;
      }
    } else if (attribs['data-sveltekit-fetched'] !== undefined) {
      svelteFetched.push(readSvelteKitFetch(attribs, value));
      svelteFetchedBytes += bytes;
    } else if (attribs['data-page'] !== undefined && isInertiaPage(value) && !collector.has('inertia_page')) {
      // Inertia 2 can render its page object into a JSON script instead of an attribute.
      collector.add('inertia_page', `script[data-page="${attribs['data-page']}"]`, bytes, value);
    } else if (globalSource && !collector.has(globalSource.name)) {
      collector.add(globalSource.name, label, bytes, value);
    } else {
      jsonScripts.push({ id, data: value });
      jsonScriptBytes += bytes;
    }
  }

  if (svelteFetched.length > 0) {
    collector.add('sveltekit_data', 'script[data-sveltekit-fetched]', svelteFetchedBytes, {
      fetched: svelteFetched,
    });
  }
  readScriptSources(inlineScripts, collector);
  readElementAttributes($, collector);
  if (jsonScripts.length > 0) {
    collector.add('json_scripts', 'script[type="application/json"]', jsonScriptBytes, jsonScripts);
  }
  return collector.result();
}

/**
 * Serializers that write XHTML wrap script contents in `<![CDATA[ … ]]>` (often behind `//` or
 * `/* … *\/` so that HTML parsers skip the markers as comments); an HTML parser keeps the markers
 * as text, and JSON.parse would refuse them.
 */
const CDATA_WRAPPED =
  /^\s*(?:\/\/|\/\*)?\s*<!\[CDATA\[(?:\s*\*\/)?([\s\S]*?)(?:\/\/|\/\*)?\s*\]\]>\s*(?:\*\/)?\s*$/;

export function unwrapCdata(text: string): string {
  const wrapped = CDATA_WRAPPED.exec(text);
  return wrapped ? wrapped[1] : text;
}

/**
 * Executable scripts are read as text; JSON scripts are parsed. `application/ld+json` is left
 * out: it is schema.org markup for crawlers (the metadata tools return it), not application
 * state, and counting it would report state on nearly every page.
 */
function scriptKind(type: string | undefined): ScriptKind {
  const mime = (type ?? '').split(';')[0].trim().toLowerCase();
  if (
    mime === '' ||
    mime === 'module' ||
    /^(?:text|application)\/(?:x-)?(?:javascript|ecmascript|jscript)$/.test(mime) ||
    // Cloudflare Rocket Loader rewrites the type to "<hash>-text/javascript".
    mime.endsWith('-text/javascript')
  ) {
    return 'js';
  }
  if (mime === 'application/ld+json') return 'other';
  if (mime === 'application/json' || mime === 'text/json' || mime.endsWith('+json')) return 'json';
  return 'other';
}

function readSvelteKitFetch(attribs: Record<string, string>, value: unknown): unknown {
  const entry: Record<string, unknown> = { url: attribs['data-url'] ?? null };
  if (attribs['data-method'] !== undefined) entry.method = attribs['data-method'];
  if (typeof value !== 'object' || value === null) return { ...entry, response: value };
  const response = { ...(value as Record<string, unknown>) };
  if (typeof response.body === 'string') {
    const body =
      attribs['data-b64'] !== undefined
        ? Buffer.from(response.body, 'base64').toString('utf8')
        : response.body;
    try {
      response.body = JSON.parse(body);
    } catch {
      response.body = body;
    }
  }
  return { ...entry, ...response };
}

function isInertiaPage(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'component' in value && 'props' in value;
}

type Loaded = CheerioAPI;

/** Inertia's `data-page` on the root element, then every other large JSON `data-*` attribute. */
function readElementAttributes($: Loaded, collector: SourceCollector): void {
  let inertiaElement: unknown = null;
  for (const element of $('[data-page]').toArray()) {
    if (element.tagName === 'script' || collector.has('inertia_page')) continue;
    const text = element.attribs['data-page'];
    try {
      const value = JSON.parse(text);
      if (!isInertiaPage(value)) continue;
      const id = element.attribs.id;
      collector.add(
        'inertia_page',
        `${element.tagName}${id ? `#${id}` : ''}[data-page]`,
        utf8Length(text),
        value,
      );
      inertiaElement = element;
    } catch {
      // Not JSON: some other library's data-page attribute.
    }
  }

  const entries: JsonAttributeEntry[] = [];
  let bytes = 0;
  for (const element of $('*').toArray()) {
    if (!isElement(element)) continue;
    for (const [attribute, text] of Object.entries(element.attribs)) {
      if (!attribute.startsWith('data-')) continue;
      // Cheap length test first: 2048 UTF-8 bytes are at least 683 characters.
      if (text.length < Math.ceil(JSON_ATTRIBUTE_MIN_BYTES / 3)) continue;
      if (element === inertiaElement && attribute === 'data-page') continue;
      const first = text.trimStart()[0];
      if (first !== '{' && first !== '[') continue;
      const size = utf8Length(text);
      if (size < JSON_ATTRIBUTE_MIN_BYTES) continue;
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch {
        continue;
      }
      entries.push({ tag: element.tagName, attribute, id: element.attribs.id ?? null, data });
      bytes += size;
    }
  }
  if (entries.length > 0) collector.add('json_attributes', 'data-*', bytes, entries);
}
