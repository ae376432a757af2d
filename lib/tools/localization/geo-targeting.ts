import type { PageDocument } from '../../extract/page-document.js';

export interface GeoTargeting {
  /** `geo.region` as written (ISO 3166-2, e.g. `DE-BY`), or null. */
  region: string | null;
  /** `geo.position` (`lat;lon`), else `ICBM` (`lat, lon`), as written; null without either. */
  position: string | null;
  /** Any geo.* or ICBM meta tag is present, geo.placename included. */
  has_geo_meta: boolean;
}

/**
 * The "geo tags" convention (geo.region, geo.placename, geo.position) and its older ICBM form. Names
 * are matched case-insensitively: pages write `Geo.Region` and `icbm` as often as the documented form.
 */
export function geoTargeting(document: PageDocument | null): GeoTargeting {
  const named = new Map<string, string>();
  for (const el of document?.$('meta[name][content]').toArray() ?? []) {
    const name = el.attribs.name.trim().toLowerCase();
    const content = el.attribs.content.trim();
    if (content && !named.has(name)) named.set(name, content);
  }
  const names = [...named.keys()];
  return {
    region: named.get('geo.region') ?? null,
    position: named.get('geo.position') ?? named.get('icbm') ?? null,
    has_geo_meta: names.some((name) => name.startsWith('geo.') || name === 'icbm'),
  };
}
