import type { CheerioAPI } from 'cheerio/slim';
import { toAbsoluteWebUrl } from './urls.js';

export interface AlternateLanguage {
  lang: string;
  url: string;
}

/**
 * `<link rel="alternate" hreflang>` entries in document order, `x-default` included, URLs absolute.
 * An exact repeat of a (lang, url) pair is listed once; an entry whose URL cannot be resolved is skipped.
 */
export function hreflangAlternates($: CheerioAPI, baseUrl: string): AlternateLanguage[] {
  const out: AlternateLanguage[] = [];
  const seen = new Set<string>();
  for (const el of $('link[hreflang][href]').toArray()) {
    const rel = (el.attribs.rel ?? '').toLowerCase().split(/\s+/);
    if (!rel.includes('alternate')) continue;
    const lang = el.attribs.hreflang.trim();
    const url = toAbsoluteWebUrl(el.attribs.href, baseUrl);
    if (!lang || !url) continue;
    const key = `${lang.toLowerCase()} ${url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ lang, url });
  }
  return out;
}

/** The `lang` attribute of <html>, as written (trimmed); null when absent or empty. */
export function htmlLang($: CheerioAPI): string | null {
  return $('html').first().attr('lang')?.trim() || null;
}

/** `<meta http-equiv="content-language">`, the in-page stand-in for the Content-Language header. */
export function contentLanguageMeta($: CheerioAPI): string | null {
  const el = $('meta[http-equiv]')
    .toArray()
    .find((meta) => meta.attribs['http-equiv'].toLowerCase() === 'content-language');
  return el?.attribs.content?.trim() || null;
}
