/**
 * The page's own title without the site's name. `<title>` and og:title usually carry the site as a
 * suffix or prefix ("How to bleed a radiator | Acme Plumbing", "Acme — How to…"), which callers
 * and annotators alike leave out; the visible <h1> rarely does. So the sources are read together:
 * a heading that a declared title states whole, or with names around it, is the title (the sources
 * agree); without agreement, the article's headline when it rewords a title declared for search
 * or sharing (SEO titles are written apart from the headline), else the most trusted declared
 * title with the segments that name the site removed. A segment is the site's name when it equals a name the page declares for itself (or its
 * logo heading shows), or when it is a short name built on the domain's. A segment that merely
 * differs from the <h1> is kept: "Café de la Gare – Carte" names the page, not the site.
 */

/** Spaced separators: " | ", " - ", " – ", " — ", " • ", " · ", " » ", " › ", " / ", " :: ", " : ". */
const SEPARATOR = /(\s+[|\-–—•·»›/~:]\s+|\s+::\s+|\s*\|\s*)/;
/**
 * What may part a heading from the rest of a declared title: the separators above and a kicker's
 * colon ("Chronik: Lotte Tobisch ist tot"). The colon never strips a site name by itself: in
 * "Daring Fireball: Colophon" either side could be the site.
 */
const AROUND_HEADING = /(\s+[|\-–—•·»›/~:]\s+|\s+::\s+|\s*\|\s*|:\s+)/;

import type { Heading } from './headings.js';
import { siteLabel } from './site-label.js';

export interface TitleSources {
  /**
   * The titles the page declares, most trusted first: JSON-LD headline, Dublin Core, og:title,
   * twitter:title, parsely-title, then <title>.
   */
  declared: string[];
  /**
   * Whether a declared title comes from a tag written for search or sharing (any of the above but
   * <title>): there editors set a title apart from the headline the reader sees.
   */
  sharingTitle?: boolean;
  /** The page's visible top-level headings (<h1>), article headings first. */
  headings: Heading[];
  /** og:site_name, the publisher's name, application-name, the logo heading: what the site calls itself. */
  siteNames: string[];
  /** The page's address, for the name in its domain; null for supplied HTML with no address. */
  url: string | null;
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
/**
 * A text reduced to its letters and digits, for comparing: accents, case, punctuation, a leading
 * "The" and the spelling of "and" do not tell two titles apart ("Homeowners & Investors"). NFD
 * splits an accent off its letter as a mark, which the last step drops like punctuation.
 */
const squash = (text: string) =>
  text
    .normalize('NFD')
    .toLowerCase()
    .replace(/^the\s+/, '')
    .replace(/\s&\s/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, '');
const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

function domainName(url: string | null): string | null {
  if (!url) return null;
  try {
    return siteLabel(new URL(url).hostname);
  } catch {
    return null;
  }
}

/** `trailing`: the segment ends the title, where a name may carry a word or two more ("Cicero Online"). */
type NamesSite = (segment: string, trailing?: boolean) => boolean;

function siteNameTest(siteNames: string[], url: string | null): NamesSite {
  const names = [...new Set(siteNames.map(squash).filter((name) => name !== ''))];
  // Flattened like the segments: "Nestlé Family" on nestle-family.com, "The Verge" on theverge.com.
  const domain = squash(domainName(url) ?? '');
  const builtOnDomain = (flat: string) =>
    (domain.length >= 3 && flat.startsWith(domain)) ||
    (domain.length >= 6 && domain.startsWith('the') && flat.startsWith(domain.slice(3)));
  return (segment, trailing = false) => {
    const flat = squash(segment);
    if (flat === '') return false;
    if (names.includes(flat)) return true;
    const short = wordsOf(segment).length <= 3;
    if (trailing && short && names.some((name) => name.length >= 4 && flat.startsWith(name))) return true;
    // "Slashdot" on slashdot.org, "FullStack Blog" on fullstack.com: short and built on the domain.
    return short && builtOnDomain(flat);
  };
}

/** Separators that step down a hierarchy: "Site » Section » Page", "Page / Board / Forum". */
const HIERARCHICAL = /^\s+[/»›]\s+$/;

/**
 * `title` with the segments at either end that name the site removed. A name may itself hold a
 * separator ("AOC media - Analyse Opinion Critique"), so runs of end segments are tried too.
 */
function withoutSiteName(title: string, namesSite: NamesSite): string {
  const raw = collapse(title);
  let segments = raw.split(SEPARATOR);
  // segments alternate: text, separator, text, …
  let nameCut: { separator: string; atEnd: boolean } | null = null;
  let changed = true;
  while (changed && segments.length >= 3) {
    changed = false;
    for (let cut = 1; cut < segments.length - 1 && !changed; cut += 2) {
      if (namesSite(segments.slice(cut + 1).join(''), true)) {
        nameCut = { separator: segments[cut], atEnd: true };
        segments = segments.slice(0, cut);
        changed = true;
      } else if (namesSite(segments.slice(0, segments.length - cut - 1).join(''))) {
        nameCut = { separator: segments[segments.length - cut - 1], atEnd: false };
        segments = segments.slice(segments.length - cut);
        changed = true;
      }
    }
  }
  return pageInBreadcrumb(segments, nameCut) ?? (segments.join('').trim() || raw);
}

/**
 * The page's own segment when what is left of a title is a breadcrumb: the site's name was cut
 * beside a hierarchical separator and the same separator parts the rest ("Acme » Blog Archive »
 * <post>", "<topic> / <board> / Acme Forums"). What stood next to the name are sections
 * under it; the page is the segment at the other end.
 */
function pageInBreadcrumb(
  segments: string[],
  nameCut: { separator: string; atEnd: boolean } | null,
): string | null {
  if (nameCut === null || segments.length < 3 || !HIERARCHICAL.test(nameCut.separator)) return null;
  const separator = nameCut.separator.trim();
  if (segments.some((part, i) => i % 2 === 1 && part.trim() !== separator)) return null;
  return (nameCut.atEnd ? segments[0] : segments[segments.length - 1]).trim() || null;
}

const same = (a: string, b: string) => squash(a) !== '' && squash(a) === squash(b);

/**
 * The run of the declared title's segments that `heading` states, if any: "Lotte Tobisch ist tot"
 * in "Chronik: Lotte Tobisch ist tot - wien.ORF.at", "New Zealand" in "New Zealand - Wikipedia".
 * A heading may also open with a kicker or a date the declared title leaves out ("1. Februar 2022
 * Minister Raab: …"); the run it ends with counts when it is most of the heading. A heading much
 * shorter than what it would leave out is a label (a section, a forum's board), not the title:
 * "science" in "<a long post title> : science"; a heading the title opens with is not.
 */
function runStating(heading: string, declared: string): string | null {
  const parts = collapse(declared).split(AROUND_HEADING);
  const target = squash(heading);
  let ending: string | null = null;
  for (let start = 0; start < parts.length; start += 2) {
    let run = '';
    for (let end = start; end < parts.length; end += 2) {
      run += (end > start ? parts[end - 1] : '') + parts[end];
      const flat = squash(run);
      if (flat.length > target.length) break;
      if (flat !== target) {
        if (ending === null && target.endsWith(flat) && flat.length >= 0.6 * target.length)
          ending = run.trim();
        continue;
      }
      // What a title opens with is the page's own name for itself ("Tasks — Celery 5.6
      // documentation"), however much follows.
      if (start === 0) return run.trim();
      const left = parts.filter((_, i) => i % 2 === 0 && (i < start || i > end));
      const longestLeft = Math.max(0, ...left.map((part) => squash(part).length));
      // The end of a title is where sites put their names and sections: a heading found there
      // must be as long as what comes before it ("<post title> :: Blog host" with <h1>Blog host).
      const closes = end === parts.length - 1;
      return (closes ? 1 : 2) * target.length >= longestLeft ? run.trim() : null;
    }
  }
  return ending;
}

/**
 * Whether `heading` is another wording of `title`: at least half its words are the title's.
 * "Guide to filing your taxes in 2025" restates "Guide to filing your taxes in 2024"; a section
 * heading or a slogan does not. A heading outside the page's <article> or <main> must share three
 * words or more: two are often just the site's or the brand's name.
 */
function restates(heading: Heading, title: string): boolean {
  const titleWords = new Set(wordsOf(title));
  const headingWords = [...new Set(wordsOf(heading.text))];
  const shared = headingWords.filter((word) => titleWords.has(word)).length;
  return shared > 0 && 2 * shared >= headingWords.length && (heading.inArticle || shared >= 3);
}

/**
 * The segments a declared title adds around another declared title ("Silicon Exposed" in
 * "Silicon Exposed: Open Verilog flow…" beside og:title "Open Verilog flow…"): the site's name, a
 * tag or a section, not the page's title. Only shorter additions count: og:title "Acme" beside
 * "Acme - Pricing" says nothing about "Pricing".
 */
function additions(declared: string[]): string[] {
  const found: string[] = [];
  const cores = new Set(declared.map(squash));
  for (const title of declared) {
    const parts = title.split(AROUND_HEADING);
    for (let start = 0; start < parts.length; start += 2)
      for (let end = start; end < parts.length; end += 2) {
        if (start === 0 && end === parts.length - 1) continue;
        const core = squash(parts.slice(start, end + 1).join(''));
        if (!cores.has(core)) continue;
        const around = [parts.slice(0, Math.max(0, start - 1)).join(''), parts.slice(end + 2).join('')];
        for (const part of around)
          if (squash(part) !== '' && squash(part).length < core.length) found.push(part.trim());
      }
  }
  return found;
}

export function pageTitle(sources: TitleSources): string | null {
  const declared = sources.declared.map(collapse).filter((title) => title !== '');
  const namesSite = siteNameTest([...sources.siteNames, ...additions(declared)], sources.url);
  const headings = sources.headings
    .map((heading) => ({ ...heading, text: collapse(heading.text) }))
    .filter((heading) => squash(heading.text) !== '' && !namesSite(heading.text));
  for (const { text: heading } of headings) {
    for (const title of declared) {
      const cleaned = withoutSiteName(title, namesSite);
      if (same(heading, title) || same(heading, cleaned)) return cleaned;
      const run = runStating(heading, title);
      if (run !== null) return run;
    }
  }
  if (declared.length === 0) return headings[0]?.text ?? null;
  const cleaned = withoutSiteName(declared[0], namesSite);
  // An SEO or sharing title reworded apart from the page's own headline: the reader's title is
  // the headline. A <title> alone is the page's own wording, kept. A headline that is the declared
  // title with more after it carries a tagline or a link's domain and score, not a rewording.
  const headline = headings[0];
  if (sources.sharingTitle && headline && restates(headline, cleaned))
    return squash(headline.text).includes(squash(cleaned)) ? cleaned : headline.text;
  return cleaned;
}
