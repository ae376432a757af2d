/**
 * The label a site is known by in its host name: "acme" in www.acme.com, shop.acme.co.uk and
 * acme.org. Hosts that share it are one site's (a forum, a shop, a blog beside the main site).
 */

/** Second-level labels under which the name sits one label further left (example.co.uk). */
const GENERIC_LABELS = new Set(['co', 'com', 'org', 'net', 'gov', 'ac', 'edu', 'or', 'ne', 'go']);

export function siteLabel(host: string): string | null {
  const lower = host.toLowerCase().replace(/:\d+$/, '');
  const labels = lower.split('.').filter(Boolean);
  if (labels.length < 2 || /^[\d.]+$|:/.test(lower)) return null;
  labels.pop();
  if (labels.length >= 2 && GENERIC_LABELS.has(labels[labels.length - 1])) labels.pop();
  return labels[labels.length - 1] ?? null;
}
