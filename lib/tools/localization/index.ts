import { z } from '@hono/zod-openapi';
import { detectLanguage } from '../../analysis/language.js';
import type { AlternateLanguage } from '../../extract/localization.js';
import { PageDocument } from '../../extract/page-document.js';
import type { FetchedPage } from '../../fetch/types.js';
import { defineTool } from '../define.js';
import { fetchForTool } from '../shared/fetch-for-tool.js';
import { fetchTimeout, httpUrl, respectRobots } from '../shared/params.js';
import { type GeoTargeting, geoTargeting } from './geo-targeting.js';
import { localizationResult } from './result-schema.js';

/** BCP 47 in the shape Accept-Language carries it; anything else could smuggle header syntax. */
const LANGUAGE_TAG = /^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/;

const schema = z.object({
  url: httpUrl('Page whose language signals are read.', 'https://example.com/de/preise'),
  target_language: z
    .string()
    .regex(LANGUAGE_TAG, 'target_language must be a language tag such as de or pt-BR')
    .optional()
    .openapi({
      description:
        'Language you want the page in; sent as `Accept-Language`. `matches_target` compares it, as an exact ' +
        'string, with `detected_language` and `html_lang`.',
      example: 'de',
    }),
  target_country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'target_country must be a two-letter country code such as DE')
    .transform((code) => code.toUpperCase())
    .optional()
    .openapi({
      description: 'ISO 3166-1 alpha-2 country, upper-cased, sent as the `X-Country-Code` header and echoed.',
      example: 'DE',
    }),
  detect_language: z
    .boolean()
    .default(true)
    .openapi({
      description:
        "Detect the language of the page's visible text: an ISO 639-1 code, or `und` when the text is too " +
        'short or ambiguous. false: `detected_language` is null.',
      example: true,
    }),
  extract_hreflang: z
    .boolean()
    .default(true)
    .openapi({
      description:
        'List the `<link rel="alternate" hreflang>` entries in `alternate_languages`. false: [] (and ' +
        '`language_count` 0).',
      example: true,
    }),
  check_geo_targeting: z.boolean().default(false).openapi({
    description:
      'Add `geo_targeting {region, position, has_geo_meta}` from the geo.region, geo.position and ICBM meta tags.',
    example: false,
  }),
  timeout: fetchTimeout({ default: 10000 }),
  respect_robots: respectRobots,
});

export interface LocalizationData {
  url: string;
  detected_language: string | null;
  html_lang: string | null;
  content_language_header: string | null;
  alternate_languages: AlternateLanguage[];
  language_count: number;
  is_multilingual: boolean;
  target_language: string | null;
  matches_target: boolean | null;
  target_country: string | null;
  geo_targeted: boolean;
  geo_targeting?: GeoTargeting;
}

export const localizationTool = defineTool({
  name: 'localization',
  kind: 'pages',
  summary:
    "A page's language signals: detected language, html lang, Content-Language and hreflang alternates.",
  description:
    'Fetches a page, asking for `target_language` (Accept-Language) and `target_country` (X-Country-Code), ' +
    'and reports how it is localised: the language of its visible text, `<html lang>`, the Content-Language ' +
    'header (else the page\'s `<meta http-equiv="content-language">`), its hreflang alternates in document ' +
    'order with `x-default`, and optionally its geo meta tags. `language_count` counts the distinct ' +
    'languages among the alternates (`x-default` is not a language); `is_multilingual` is true from two.',
  price: 2,
  basePrice: 2,
  schema,
  result: localizationResult,
  example: { url: 'https://example.com/de/preise', target_language: 'de', target_country: 'DE' },
  async run(ctx, input): Promise<{ data: LocalizationData }> {
    const headers: Record<string, string> = {};
    if (input.target_language) headers['accept-language'] = input.target_language;
    if (input.target_country) headers['x-country-code'] = input.target_country;
    const { page } = await fetchForTool(ctx, input.url, {
      tool: 'localization',
      timeoutMs: input.timeout,
      respectRobots: input.respect_robots,
      headers,
    });
    const document = isMarkup(page) ? PageDocument.parse(page.body, page.finalUrl) : null;
    const detected = input.detect_language ? detectLanguage(visibleText(page, document)) : null;
    const htmlLang = document?.htmlLang ?? null;
    const alternates = input.extract_hreflang && document ? document.alternates : [];
    const languageCount = distinctLanguages(alternates);
    const target = input.target_language ?? null;
    return {
      data: {
        url: page.finalUrl,
        detected_language: detected,
        html_lang: htmlLang,
        content_language_header:
          page.headers['content-language']?.trim() || document?.contentLanguageMeta || null,
        alternate_languages: alternates,
        language_count: languageCount,
        is_multilingual: languageCount > 1,
        target_language: target,
        matches_target: target === null ? null : target === detected || target === htmlLang,
        target_country: input.target_country ?? null,
        geo_targeted: input.check_geo_targeting,
        ...(input.check_geo_targeting ? { geo_targeting: geoTargeting(document) } : {}),
      },
    };
  },
});

function isMarkup(page: FetchedPage): boolean {
  return page.kind === 'html' || page.kind === 'xml';
}

function visibleText(page: FetchedPage, document: PageDocument | null): string {
  return document ? document.text({ onlyMainContent: false }) : page.body;
}

/** hreflang values compare case-insensitively (en-US = en-us); x-default marks a fallback, not a language. */
function distinctLanguages(alternates: AlternateLanguage[]): number {
  const languages = new Set(alternates.map((alternate) => alternate.lang.toLowerCase()));
  languages.delete('x-default');
  return languages.size;
}
