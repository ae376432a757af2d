/**
 * API endpoints a site's pages point at: links and URLs written in the text whose path looks like an
 * API (an `api` segment or subdomain, a version segment such as `/v2/`, GraphQL, an OpenAPI or Swagger
 * description). Found from what the pages say; nothing is probed.
 */

export interface ApiEndpoint {
  url: string;
  kind: 'openapi' | 'graphql' | 'rest';
  found_on: string;
}

export const MAX_API_ENDPOINTS = 10;

const URL_IN_TEXT = /https?:\/\/[^\s"'<>()`]+/g;

export function apiKind(url: string): ApiEndpoint['kind'] | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const path = parsed.pathname.toLowerCase();
  if (/(openapi|swagger)[^/]*\.(json|ya?ml)$|\/(openapi|swagger)(\/|$)|\/api-docs(\/|$)/.test(path))
    return 'openapi';
  if (/\/graphql(\/|$)/.test(path)) return 'graphql';
  if (
    /(^|\/)(api|rest)(\/|$)/.test(path) ||
    /^api\./.test(parsed.hostname) ||
    /\/v\d+(\.\d+)?(\/|$)/.test(path)
  )
    return 'rest';
  return null;
}

export function apiCandidates(pageUrl: string, links: readonly string[], text: string): ApiEndpoint[] {
  const found: ApiEndpoint[] = [];
  const seen = new Set<string>();
  const consider = (raw: string) => {
    const url = raw.replace(/[.,;:]+$/, '');
    const kind = apiKind(url);
    if (!kind || seen.has(url)) return;
    seen.add(url);
    found.push({ url, kind, found_on: pageUrl });
  };
  for (const link of links) consider(link);
  for (const match of text.matchAll(URL_IN_TEXT)) consider(match[0]);
  return found;
}
