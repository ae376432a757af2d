/**
 * serp_rank's matching rule (docs/reference/providers.md#serp_rank): by host, subdomains included. `example.com`
 * matches `www.example.com` and `blog.example.com`, never `notexample.com`. A leading `www.` on
 * the target is dropped, since `www.example.com` and `example.com` name the same site to a
 * rank tracker.
 */
export function targetHost(target: string): string | null {
  const trimmed = target.trim().toLowerCase();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//.test(trimmed) ? trimmed : `http://${trimmed}`;
  try {
    const host = new URL(withScheme).hostname.replace(/\.$/, '');
    if (!host.includes('.') && host !== 'localhost') return null;
    return host.replace(/^www\./, '');
  } catch {
    return null;
  }
}

export function hostMatches(url: string, target: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return false;
  }
  return host === target || host.endsWith(`.${target}`);
}
