import { describe, expect, it } from 'vitest';
import { PageDocument } from '../../lib/extract/index.js';

const html = `<html><head><base href="https://example.com/docs/"></head><body>
  <a href="guide.html" title="The guide">Guide</a>
  <a href="/about/" rel="nofollow">About</a>
  <a href="https://example.com/about#team">About again</a>
  <a href="https://www.example.com/pricing">Pricing</a>
  <a href="//cdn.other.org/lib.js">CDN</a>
  <a href="https://blog.other.org/post">Blog</a>
  <a href="https://other.org/">Other</a>
  <a href="#top">Top</a>
  <a href="#top">Top again</a>
  <a href="mailto:hi@example.com">Mail</a>
  <a href="tel:+15550100">Call</a>
  <a href="javascript:void(0)">Menu</a>
  <a href="http://[bad">Broken</a>
  <a href="/img"><img alt="Logo" src="l.png"></a>
  <a name="no-href">Not a link</a>
</body></html>`;

const doc = PageDocument.parse(html, 'https://example.com/docs/index.html');
const byText = <T extends { text: string }>(links: T[], text: string) => links.find((l) => l.text === text);

describe('extract links (docs/reference/pages.md#extract_links)', () => {
  it('types, resolves and describes each link', () => {
    const { links, base_url } = doc.links({ include_anchors: true });
    expect(base_url).toBe('https://example.com/docs/');
    expect(byText(links, 'Guide')).toEqual({
      href: 'https://example.com/docs/guide.html',
      text: 'Guide',
      type: 'relative',
      domain: 'example.com',
      rel: null,
      original_href: 'guide.html',
      title: 'The guide',
    });
    expect(byText(links, 'About')).toMatchObject({ type: 'relative', rel: 'nofollow' });
    expect(byText(links, 'Pricing')).toMatchObject({ type: 'internal', domain: 'www.example.com' });
    expect(byText(links, 'CDN')).toMatchObject({ type: 'external', href: 'https://cdn.other.org/lib.js' });
    expect(byText(links, 'Top')).toMatchObject({ type: 'anchor', href: 'https://example.com/docs/#top' });
    expect(byText(links, 'Mail')).toMatchObject({
      type: 'other',
      href: 'mailto:hi@example.com',
      domain: null,
    });
    expect(byText(links, 'Call')).toMatchObject({ type: 'other', href: 'tel:+15550100' });
    expect(byText(links, 'Menu')).toMatchObject({ type: 'other', href: null });
    expect(byText(links, 'Broken')).toMatchObject({ type: 'other', href: null });
    expect(byText(links, 'Logo')).toMatchObject({ href: 'https://example.com/img' });
    expect(byText(links, 'Not a link')).toBeUndefined();
  });

  it('deduplicates ignoring fragment and trailing slash, keeping the first', () => {
    const { links } = doc.links({ include_anchors: true });
    expect(byText(links, 'About again')).toBeUndefined();
    expect(byText(links, 'Top again')).toBeUndefined();
    expect(doc.links({ deduplicate: false, include_anchors: true }).links).toHaveLength(14);
  });

  it('leaves anchors out by default', () => {
    expect(doc.links().links.some((l) => l.type === 'anchor')).toBe(false);
  });

  it('filters internal and external links', () => {
    const external = doc.links({ filter_external: true, include_internal: true }).links;
    expect(external.map((l) => l.text)).toEqual(['CDN', 'Blog', 'Other', 'Mail', 'Call', 'Menu', 'Broken']);
    const internal = doc.links({ include_external: false }).links;
    expect(internal.every((l) => l.type !== 'external')).toBe(true);
    expect(internal.map((l) => l.text)).toContain('Guide');
  });

  it('keeps hosts matching filter_domains, subdomains included', () => {
    expect(doc.links({ filter_domains: ['other.org'] }).links.map((l) => l.text)).toEqual([
      'CDN',
      'Blog',
      'Other',
    ]);
  });

  it('counts statistics over the returned links and maps domains', () => {
    const result = doc.links({ include_anchors: true });
    expect(result.statistics).toEqual({
      total_links: 12,
      internal_links: 1,
      external_links: 3,
      anchor_links: 1,
      relative_links: 3,
      other_links: 4,
      unique_domains: 5,
    });
    expect(result.domains).toEqual({
      'example.com': 4,
      'www.example.com': 1,
      'cdn.other.org': 1,
      'blog.other.org': 1,
      'other.org': 1,
    });
  });

  it('omits title and domains without include_metadata', () => {
    const result = doc.links({ include_metadata: false });
    expect(result.domains).toBeUndefined();
    expect('title' in result.links[0]).toBe(false);
  });

  it('resolves against an explicit base_url over <base href>', () => {
    const other = PageDocument.parse(html, 'https://example.com/docs/index.html', {
      baseUrl: 'https://mirror.example.net/x/',
    });
    expect(byText(other.links().links, 'Guide')?.href).toBe('https://mirror.example.net/x/guide.html');
  });
});
