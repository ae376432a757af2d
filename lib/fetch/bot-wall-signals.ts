import type { DocumentFacts } from './client-rendered.js';
import type { BodyKind } from './types.js';

/** One reading of a fetched response, shared by every vendor's signals. */
export interface PageView {
  status: number;
  kind: BodyKind;
  /** Lower-cased names, as FetchedPage carries them. */
  headers: Record<string, string>;
  /** Names of the cookies the response sets. */
  cookies: ReadonlySet<string>;
  finalUrl: string;
  /** Facts of an HTML or XML body; null for text, JSON and binaries. */
  document: DocumentFacts | null;
  /** A text or JSON body as read (DataDome answers API clients with JSON); '' for markup. */
  rawBody: string;
  visibleText: string;
  /** The visible text without quoted parts (code, pre, blockquote…): where vendor wording is looked for. */
  ownText: string;
}

/**
 * What one signal proves, strongest first:
 * - verdict: the vendor says in a header that it challenged or blocked this request;
 * - challenge: markup found only on the vendor's challenge or block page;
 * - presence: the vendor sits in front of the site, which is also true of every normal page it serves;
 * - wording: phrasing other block pages share; it corroborates and never decides.
 */
export type SignalStrength = 'verdict' | 'challenge' | 'presence' | 'wording';

export interface WallSignal {
  strength: SignalStrength;
  /** The evidence string when the signal is present, else null. */
  match(view: PageView): string | null;
}

export interface VendorSignature {
  /** Lower-case, as reported in `blocked.vendor` and `stealth.vendor_detected`. */
  vendor: string;
  /** Fastly is a wall only for `scrape` (docs/reference/pages.md#bot-walls-and-escalation), so its signature is used on request only. */
  optIn?: boolean;
  /**
   * A widget sites embed in their own forms (reCAPTCHA, Turnstile): on a page that asks the reader
   * to type something it guards that form, and the page is the form, not a wall.
   */
  guardsForms?: boolean;
  signals: WallSignal[];
}

const MAX_EVIDENCE_VALUE = 80;

function clip(value: string): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_EVIDENCE_VALUE ? `${flat.slice(0, MAX_EVIDENCE_VALUE)}...` : flat;
}

export function header(name: string, strength: SignalStrength, pattern: RegExp = /\S/): WallSignal {
  return {
    strength,
    match: (view) => {
      const value = view.headers[name];
      return value !== undefined && pattern.test(value) ? `header ${name}: ${clip(value)}` : null;
    },
  };
}

export function cookie(name: string, strength: SignalStrength): WallSignal {
  return { strength, match: (view) => (view.cookies.has(name) ? `cookie ${name}` : null) };
}

/** A cookie named per site: Imperva's visid_incap_<site id>, F5's TS01<hash>. */
export function cookiePrefix(prefix: RegExp, strength: SignalStrength): WallSignal {
  return {
    strength,
    match: (view) => {
      for (const name of view.cookies) if (prefix.test(name)) return `cookie ${name}`;
      return null;
    },
  };
}

export function title(pattern: RegExp, strength: SignalStrength): WallSignal {
  return {
    strength,
    match: (view) => {
      const text = view.document?.title ?? '';
      return pattern.test(text) ? `title "${clip(text)}"` : null;
    },
  };
}

export function text(pattern: RegExp, strength: SignalStrength): WallSignal {
  return {
    strength,
    match: (view) => {
      const found = pattern.exec(view.ownText);
      return found ? `text "${clip(found[0])}"` : null;
    },
  };
}

/** Lines of its own text a page opens with, before any heading that could be a challenge's. */
const LEADING_LINES = 3;

/**
 * What a page leads with: its title or one of the first lines of its own text (a challenge may put
 * the site's name or a logo's alt text above its heading).
 */
export function leadingLine(pattern: RegExp, strength: SignalStrength): WallSignal {
  return {
    strength,
    match: (view) => {
      const title = view.document?.title ?? '';
      if (pattern.test(title)) return `title "${clip(title)}"`;
      const lines = view.ownText.split('\n', LEADING_LINES * 4).map((line) => line.trim());
      const line = lines
        .filter(Boolean)
        .slice(0, LEADING_LINES)
        .find((candidate) => pattern.test(candidate));
      return line === undefined ? null : `line "${clip(line)}"`;
    },
  };
}

/**
 * One inline script doing all of `patterns`, in any order: what a challenge's code does (store a
 * cookie, then load the page) rather than any one string it contains.
 */
export function scriptDoing(evidence: string, patterns: RegExp[], strength: SignalStrength): WallSignal {
  return {
    strength,
    match: (view) => {
      const doc = view.document;
      if (!doc || doc.inlineScriptChars > CHALLENGE_SCRIPT_MAX_CHARS) return null;
      const found = doc.inlineScripts.some((code) => patterns.every((pattern) => pattern.test(code)));
      return found ? `script ${evidence}` : null;
    },
  };
}

export function element(pattern: RegExp, strength: SignalStrength): WallSignal {
  return {
    strength,
    match: (view) => {
      const id = view.document?.elementIds.find((candidate) => pattern.test(candidate));
      return id === undefined ? null : `element #${id}`;
    },
  };
}

/**
 * Past this much inline script a page is an application carrying its bundle, not a challenge: the
 * largest challenge modelled (Cloudflare's current one) inlines under 10 KB. An app's bundle may
 * well hold a vendor's strings (its own error messages, an integration's config) without being
 * that vendor's wall.
 */
const CHALLENGE_SCRIPT_MAX_CHARS = 64 * 1024;

/**
 * Where a page's machinery shows: inline scripts, what it loads or posts to, its comments, the URL
 * it ended on and a non-HTML body. Visible text is left out on purpose: an article that quotes
 * "__cf_chl_" or "captcha-delivery.com" puts the string in text, never in a script or an iframe.
 */
export function markup(pattern: RegExp, strength: SignalStrength): WallSignal {
  return {
    strength,
    match: (view) => {
      const doc = view.document;
      const scripts = doc && doc.inlineScriptChars <= CHALLENGE_SCRIPT_MAX_CHARS ? doc.inlineScripts : [];
      const places: Array<[string, readonly string[]]> = [
        ['script', scripts],
        ['url', doc?.resourceUrls ?? []],
        ['comment', doc?.comments ?? []],
        ['final URL', [view.finalUrl]],
        ['body', [view.rawBody]],
      ];
      for (const [where, haystacks] of places) {
        for (const haystack of haystacks) {
          const found = pattern.exec(haystack);
          if (found) return `${where} ${clip(found[0])}`;
        }
      }
      return null;
    },
  };
}
