/**
 * `<meta http-equiv="refresh" content="0; url=…">`: a redirect written in the page. A browser
 * leaves for the target as soon as the delay ends, so a page that refreshes within
 * MAX_FOLLOWED_DELAY_SECONDS is a redirect, as search engines treat it, and the reader wants the
 * target. A longer delay leaves a page people read first (a slideshow, a news page reloading itself),
 * and a refresh without a URL reloads the page itself; both are the page.
 *
 * A refresh inside `<noscript>` is what a browser without JavaScript does: single-page apps send
 * those readers to a "please enable JavaScript" page. We read pages as a browser that runs scripts
 * would (a client-rendered page is rendered, not abandoned), so we do not follow it.
 */

const MAX_FOLLOWED_DELAY_SECONDS = 5;
/** Refresh tags sit in the head or at the top of the body; the scan stops here on large pages. */
const SCAN_CHARS = 16_384;

const NOT_RENDERED = /<!--[\s\S]*?(?:-->|$)|<(noscript|script|style|template)\b[\s\S]*?(?:<\/\1\s*>|$)/gi;

/**
 * The absolute http(s) URL a page refreshes to within the followed delay, or null. Parsed as the
 * HTML standard's "shared declarative refresh steps" read `content`: a delay, then `;` or `,`,
 * then an optional `url=`, then the URL, quoted or not.
 */
export function metaRefreshTarget(html: string, pageUrl: string): string | null {
  const head = html.slice(0, SCAN_CHARS).replace(NOT_RENDERED, '');
  for (const [tag] of head.matchAll(/<meta\b[^>]*>/gi)) {
    if (!/http-equiv\s*=\s*["']?\s*refresh\b/i.test(tag)) continue;
    const content = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
    const value = content?.[1] ?? content?.[2] ?? content?.[3];
    return value === undefined ? null : refreshUrl(value, pageUrl);
  }
  return null;
}

function refreshUrl(content: string, pageUrl: string): string | null {
  const parsed = /^\s*(\d+)(?:\.[\d.]*)?\s*[;,]?\s*(?:url\s*=\s*)?(["']?)(.*?)\2\s*$/i.exec(content);
  if (!parsed) return null;
  const [, delay, , target] = parsed;
  if (Number(delay) > MAX_FOLLOWED_DELAY_SECONDS || !target) return null;
  let url: URL;
  try {
    url = new URL(target, pageUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const here = new URL(pageUrl);
  url.hash = '';
  here.hash = '';
  return url.href === here.href ? null : url.href;
}
