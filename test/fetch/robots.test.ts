import { describe, expect, it } from 'vitest';
import {
  MAX_ROBOTS_BYTES,
  MAX_ROBOTS_RULES,
  normaliseRobotsPath,
  parseRobots,
  robotsAllows,
  selectGroup,
} from '../../lib/fetch/robots/index.js';

const TOKEN = 'WebExtractBot';

/** The path and query a request for `url` sends, as checkRobots passes it. */
function pathOf(url: string): string {
  const parsed = new URL(url, 'https://example.com');
  return parsed.pathname + parsed.search;
}

function allows(robots: string, url: string, token = TOKEN): boolean {
  return robotsAllows(robots, token, pathOf(url));
}

describe('rule matching (RFC 9309 §2.2.2)', () => {
  it('lets the longest matching rule win, whichever comes first', () => {
    const robots = 'User-agent: *\nDisallow: /\nAllow: /public\nDisallow: /public/secret';
    expect(allows(robots, '/')).toBe(false);
    expect(allows(robots, '/public/page')).toBe(true);
    expect(allows(robots, '/public/secret/file')).toBe(false);
    const reordered = 'User-agent: *\nDisallow: /public/secret\nAllow: /public\nDisallow: /';
    expect(allows(reordered, '/public/page')).toBe(true);
    expect(allows(reordered, '/public/secret/file')).toBe(false);
  });

  it('lets Allow win a tie of equal length, in either order', () => {
    expect(allows('User-agent: *\nDisallow: /folder\nAllow: /folder', '/folder/page')).toBe(true);
    expect(allows('User-agent: *\nAllow: /folder\nDisallow: /folder', '/folder/page')).toBe(true);
    expect(allows('User-agent: *\nAllow: /page\nDisallow: /*.htm', '/page.htm')).toBe(false);
    expect(allows('User-agent: *\nAllow: /$\nDisallow: /', '/')).toBe(true);
    expect(allows('User-agent: *\nAllow: /$\nDisallow: /', '/page.htm')).toBe(false);
  });

  it('matches a plain rule as a case-sensitive prefix', () => {
    const robots = 'User-agent: *\nDisallow: /fish';
    for (const blocked of [
      '/fish',
      '/fish.html',
      '/fish/salmon.html',
      '/fishheads',
      '/fish.php?id=anything',
    ]) {
      expect(allows(robots, blocked), blocked).toBe(false);
    }
    for (const open of ['/Fish.asp', '/catfish', '/?id=fish', '/desert/fish']) {
      expect(allows(robots, open), open).toBe(true);
    }
  });

  it('treats * as any run of characters, including none', () => {
    const robots = 'User-agent: *\nDisallow: /fish*.php';
    expect(allows(robots, '/fish.php')).toBe(false);
    expect(allows(robots, '/fishheads/catfish.php?parameters')).toBe(false);
    expect(allows(robots, '/Fish.PHP')).toBe(true);
    expect(allows('User-agent: *\nDisallow: /*/private/', '/a/b/private/x')).toBe(false);
    expect(allows('User-agent: *\nDisallow: *.pdf', '/docs/file.pdf')).toBe(false);
  });

  it('anchors a final $ at the end of path and query', () => {
    const robots = 'User-agent: *\nDisallow: /*.php$';
    expect(allows(robots, '/filename.php')).toBe(false);
    expect(allows(robots, '/folder/filename.php')).toBe(false);
    expect(allows(robots, '/filename.php?parameters')).toBe(true);
    expect(allows(robots, '/filename.php/')).toBe(true);
    expect(allows(robots, '/filename.php5')).toBe(true);
    expect(allows('User-agent: *\nDisallow: /exact$', '/exact')).toBe(false);
    expect(allows('User-agent: *\nDisallow: /exact$', '/exactly')).toBe(true);
  });

  it('keeps a $ that is not final literal', () => {
    expect(allows('User-agent: *\nDisallow: /a$b', '/a$b/c')).toBe(false);
    expect(allows('User-agent: *\nDisallow: /a$b', '/a')).toBe(true);
  });

  it('matches the query string as part of the path', () => {
    const robots = 'User-agent: *\nDisallow: /*?sessionid=\nDisallow: /search?q=';
    expect(allows(robots, '/page?sessionid=42')).toBe(false);
    // `?` is a literal, not a one-character wildcard.
    expect(allows(robots, '/page?a=1&sessionid=42')).toBe(true);
    expect(allows(robots, '/pagexsessionid=42')).toBe(true);
    expect(allows(robots, '/search?q=cats')).toBe(false);
    expect(allows(robots, '/search')).toBe(true);
    expect(allows(robots, '/page#sessionid=42')).toBe(true);
  });

  it('always allows /robots.txt itself', () => {
    expect(allows('User-agent: *\nDisallow: /', '/robots.txt')).toBe(true);
    expect(allows('User-agent: *\nDisallow: /', '/robots.txt.bak')).toBe(false);
  });

  it('allows everything when no rule matches or a Disallow is empty', () => {
    expect(allows('User-agent: *\nDisallow:', '/anything')).toBe(true);
    expect(allows('', '/anything')).toBe(true);
    expect(allows('User-agent: *\nDisallow: /private', '/public')).toBe(true);
  });
});

describe('percent-encoding', () => {
  it('decodes unreserved octets on the URL side: Disallow /baz blocks /%62az', () => {
    const robots = 'User-agent: *\nDisallow: /baz';
    expect(allows(robots, '/%62az')).toBe(false);
    expect(allows(robots, '/%62%61%7A')).toBe(false);
    expect(allows(robots, '/%62%61%7a/deeper')).toBe(false);
  });

  it('decodes unreserved octets on the rule side: Disallow /%62az blocks /baz', () => {
    expect(allows('User-agent: *\nDisallow: /%62az', '/baz')).toBe(false);
    expect(allows('User-agent: *\nDisallow: /%62%61%7A$', '/baz')).toBe(false);
    expect(allows('User-agent: *\nAllow: /%62az\nDisallow: /b', '/baz')).toBe(true);
  });

  it('matches a UTF-8 rule against its percent-encoded form in the URL, in any hex case', () => {
    const robots = 'User-agent: *\nDisallow: /über/\nDisallow: /日本';
    expect(pathOf('/über/x')).toBe('/%C3%BCber/x');
    expect(allows(robots, '/über/x')).toBe(false);
    expect(allows(robots, '/%c3%bcber/x')).toBe(false);
    expect(allows(robots, '/日本語')).toBe(false);
    expect(allows('User-agent: *\nDisallow: /%C3%BCber', '/über')).toBe(false);
    expect(allows(robots, '/uber/x')).toBe(true);
  });

  it('keeps reserved characters such as / distinct from their escapes', () => {
    expect(allows('User-agent: *\nDisallow: /a%2Fb', '/a/b')).toBe(true);
    expect(allows('User-agent: *\nDisallow: /a%2Fb', '/a%2fb')).toBe(false);
    expect(allows('User-agent: *\nDisallow: /a/b', '/a%2Fb')).toBe(true);
  });

  it('reads %2A in a rule as a literal asterisk, not a wildcard', () => {
    expect(allows('User-agent: *\nDisallow: /a%2Ab', '/axxb')).toBe(true);
    expect(allows('User-agent: *\nDisallow: /a%2Ab', '/a%2Ab')).toBe(false);
  });

  it('normalises to one spelling', () => {
    expect(normaliseRobotsPath('/%7euser/%41?x=%2f&y=%zz')).toBe('/~user/A?x=%2F&y=%25zz');
    expect(normaliseRobotsPath('/a b/ü')).toBe('/a%20b/%C3%BC');
    expect(normaliseRobotsPath('/*.php$')).toBe('/*.php$');
  });
});

describe('group selection (RFC 9309 §2.2.1)', () => {
  const robots = ['User-agent: *', 'Disallow: /', '', 'User-agent: WebExtractBot', 'Disallow: /private'].join(
    '\n',
  );

  it('uses the group naming the product token instead of *', () => {
    expect(allows(robots, '/public')).toBe(true);
    expect(allows(robots, '/private/x')).toBe(false);
    expect(allows(robots, '/public', 'OtherBot')).toBe(false);
  });

  it('matches the token case-insensitively, and a version suffix after /', () => {
    expect(allows('User-agent: *\nDisallow: /\nUser-agent: webextractbot\nAllow: /', '/x')).toBe(true);
    expect(allows('User-agent: *\nDisallow: /\nUser-agent: WEBEXTRACTBOT/1.0\nAllow: /', '/x')).toBe(true);
    expect(
      allows('User-agent: *\nAllow: /\nUser-agent: WebExtractBot\nDisallow: /', '/x', 'webEXTRACTbot'),
    ).toBe(false);
  });

  it('does not take a group for a longer product that merely starts with the token', () => {
    const longer = 'User-agent: WebExtractBotPro\nDisallow: /\n\nUser-agent: *\nDisallow: /only-star';
    expect(allows(longer, '/x')).toBe(true);
    expect(allows(longer, '/only-star')).toBe(false);
    expect(allows('User-agent: WebExtract\nDisallow: /', '/x')).toBe(true);
  });

  it('shares one group between consecutive User-agent lines', () => {
    const shared =
      'User-agent: OtherBot\nUser-agent: WebExtractBot\nDisallow: /shared\n\nUser-agent: *\nDisallow: /';
    expect(allows(shared, '/shared/x')).toBe(false);
    expect(allows(shared, '/elsewhere')).toBe(true);
    expect(allows(shared, '/shared/x', 'OtherBot')).toBe(false);
  });

  it('merges every group naming the token, and ignores * once one does', () => {
    const split = [
      'User-agent: WebExtractBot',
      'Disallow: /a',
      'User-agent: *',
      'Disallow: /',
      'User-agent: WebExtractBot',
      'Disallow: /b',
      'Allow: /b/open',
    ].join('\n');
    expect(allows(split, '/a/1')).toBe(false);
    expect(allows(split, '/b/1')).toBe(false);
    expect(allows(split, '/b/open/1')).toBe(true);
    expect(allows(split, '/c')).toBe(true);
    expect(selectGroup(parseRobots(split), TOKEN).rules).toHaveLength(3);
  });

  it('merges several * groups when the token has none', () => {
    const stars =
      'User-agent: *\nDisallow: /a\n\nUser-agent: OtherBot\nDisallow: /\n\nUser-agent: *\nDisallow: /b';
    expect(allows(stars, '/a')).toBe(false);
    expect(allows(stars, '/b')).toBe(false);
    expect(allows(stars, '/c')).toBe(true);
  });

  it('ignores rules before the first User-agent, comments, unknown keys and blank lines inside a group', () => {
    const messy = [
      '\uFEFFDisallow: /orphan',
      'Sitemap: https://example.com/sitemap.xml',
      'user-AGENT: *   # everyone',
      'Noindex: /x',
      '',
      'DISALLOW: /tmp # scratch',
      'allow:/tmp/ok',
    ].join('\r\n');
    expect(allows(messy, '/orphan')).toBe(true);
    expect(allows(messy, '/tmp/1')).toBe(false);
    expect(allows(messy, '/tmp/ok')).toBe(true);
    expect(allows(messy, '/x')).toBe(true);
  });
});

describe('Crawl-delay', () => {
  it('comes from the group that applies, fractions allowed', () => {
    const robots =
      'User-agent: *\nCrawl-delay: 10\n\nUser-agent: WebExtractBot\nCrawl-delay: 0.5\nDisallow: /x';
    expect(selectGroup(parseRobots(robots), TOKEN).crawlDelaySeconds).toBe(0.5);
    expect(selectGroup(parseRobots(robots), 'OtherBot').crawlDelaySeconds).toBe(10);
  });

  it('ignores invalid values and keeps the first valid one', () => {
    const delay = (lines: string) =>
      selectGroup(parseRobots(`User-agent: *\n${lines}`), TOKEN).crawlDelaySeconds;
    expect(delay('Crawl-delay: 5s')).toBeNull();
    expect(delay('Crawl-delay: -1')).toBeNull();
    expect(delay('Crawl-delay:')).toBeNull();
    expect(delay('Crawl-delay: soon\nCrawl-delay: 3')).toBe(3);
    expect(delay('Crawl-delay: 2\nCrawl-delay: 3')).toBe(2);
    expect(delay('Crawl-delay: .25')).toBe(0.25);
    expect(delay('Disallow: /')).toBeNull();
  });
});

describe('limits', () => {
  it('reads at most 500 KiB and drops the line the cut went through', () => {
    const padding = `${'# padding\n'.repeat(Math.floor((MAX_ROBOTS_BYTES - 100) / 10))}`;
    const head = 'User-agent: *\nDisallow: /early\n';
    const allowCut = `Allow: /cut-${'x'.repeat(200)}\n`;
    const robots = `${head}${padding}Disallow: /cut-\n${allowCut}Disallow: /late\n`;
    expect(Buffer.byteLength(robots)).toBeGreaterThan(MAX_ROBOTS_BYTES);
    expect(allows(robots, '/early')).toBe(false);
    expect(allows(robots, '/late')).toBe(true);
    // The Allow line straddles the cap: half of it would read as `Allow: /cut-xxx…` and open this path.
    expect(allows(robots, `/cut-${'x'.repeat(100)}`)).toBe(false);
    expect(allows(`${head}${allowCut}`, `/cut-${'x'.repeat(200)}`)).toBe(true);
  });

  it('keeps at most MAX_ROBOTS_RULES rules', () => {
    const rules = Array.from({ length: MAX_ROBOTS_RULES + 5 }, (_, i) => `Disallow: /r${i}/`).join('\n');
    const group = selectGroup(parseRobots(`User-agent: *\n${rules}`), TOKEN);
    expect(group.rules).toHaveLength(MAX_ROBOTS_RULES);
    expect(allows(`User-agent: *\n${rules}`, `/r${MAX_ROBOTS_RULES + 1}/`)).toBe(true);
  });

  it('evaluates a pathological wildcard file in bounded time', () => {
    // Distinct lines, so deduplication does not help; ~500 KiB of them.
    const lines: string[] = [];
    let size = 0;
    for (let i = 0; size < MAX_ROBOTS_BYTES - 200; i++) {
      const line = `Disallow: /*${'a*'.repeat(20 + (i % 40))}${i}b`;
      lines.push(line);
      size += line.length + 1;
    }
    const robots = `User-agent: *\n${lines.join('\n')}`;
    const path = `/${'a'.repeat(20_000)}`;
    const started = performance.now();
    expect(allows(robots, path)).toBe(true);
    expect(allows(robots, `${path}0b`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('does not backtrack on one long wildcard rule', () => {
    const robots = `User-agent: *\nDisallow: /*${'a*'.repeat(5_000)}b`;
    const started = performance.now();
    expect(allows(robots, `/${'a'.repeat(100_000)}`)).toBe(true);
    expect(allows(robots, `/${'a'.repeat(100_000)}b`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
