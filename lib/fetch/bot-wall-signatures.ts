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
  signals: WallSignal[];
}

const MAX_EVIDENCE_VALUE = 80;

function clip(value: string): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_EVIDENCE_VALUE ? `${flat.slice(0, MAX_EVIDENCE_VALUE)}...` : flat;
}

function header(name: string, strength: SignalStrength, pattern: RegExp = /\S/): WallSignal {
  return {
    strength,
    match: (view) => {
      const value = view.headers[name];
      return value !== undefined && pattern.test(value) ? `header ${name}: ${clip(value)}` : null;
    },
  };
}

function cookie(name: string, strength: SignalStrength): WallSignal {
  return { strength, match: (view) => (view.cookies.has(name) ? `cookie ${name}` : null) };
}

function title(pattern: RegExp, strength: SignalStrength): WallSignal {
  return {
    strength,
    match: (view) => {
      const text = view.document?.title ?? '';
      return pattern.test(text) ? `title "${clip(text)}"` : null;
    },
  };
}

function text(pattern: RegExp, strength: SignalStrength): WallSignal {
  return {
    strength,
    match: (view) => {
      const found = pattern.exec(view.visibleText);
      return found ? `text "${clip(found[0])}"` : null;
    },
  };
}

function element(pattern: RegExp, strength: SignalStrength): WallSignal {
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
function markup(pattern: RegExp, strength: SignalStrength): WallSignal {
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

export const VENDOR_SIGNATURES: readonly VendorSignature[] = [
  {
    vendor: 'cloudflare',
    signals: [
      header('cf-mitigated', 'verdict', /^challenge$/i),
      // 2013 to today: "Just a moment..." (JavaScript challenge), "Attention Required!" (captcha or
      // block), "Please Wait... | Cloudflare" and "One more step" (captcha).
      title(/^just a moment\b/i, 'challenge'),
      title(/^(?:attention required!|please wait\.*|one more step)\s*\|\s*cloudflare$/i, 'challenge'),
      // The JavaScript and captcha challenges of 2013-2021 post to /cdn-cgi/l/chk_jschl or chk_captcha,
      // with jschl_vc / jschl_answer fields; captcha pages of those years also sent cf-chl-bypass.
      markup(/\/cdn-cgi\/l\/chk_(?:jschl|captcha)/, 'challenge'),
      element(
        /^(?:jschl-answer|jschl-vc|cf-content|cf-spinner-please-wait|cf-spinner-redirecting)$/,
        'challenge',
      ),
      header('cf-chl-bypass', 'challenge'),
      text(/\bDDoS protection by Cloudflare\b|please allow up to 5 seconds/i, 'challenge'),
      markup(/_cf_chl_opt/, 'challenge'),
      // Normal pages load challenge-platform/scripts/jsd/main.js (bot detection); only the
      // challenge page loads an "orchestrate" script.
      markup(/challenge-platform\/(?:h\/\w+\/)?orchestrate\/\w+/, 'challenge'),
      markup(/__cf_chl_\w*/, 'challenge'),
      element(/^(?:challenge-form|challenge-running|cf-chl-widget-\w+)$/, 'challenge'),
      // Wraps Cloudflare's 52x origin-error pages as well as its block page.
      element(/^cf-error-details$/, 'wording'),
      text(
        /checking your browser before accessing|verify(?:ing)? you are human|sorry, you have been blocked/i,
        'wording',
      ),
      header('cf-ray', 'presence'),
      header('server', 'presence', /^cloudflare(?:-nginx)?$/i),
      cookie('__cf_bm', 'presence'),
      cookie('__cfduid', 'presence'),
    ],
  },
  {
    vendor: 'datadome',
    signals: [
      markup(/(?:[\w-]+\.)?captcha-delivery\.com/, 'challenge'),
      markup(/\bvar dd\s*=\s*\{\s*'rt'/, 'challenge'),
      header('x-datadome', 'presence'),
      header('x-datadome-cid', 'presence'),
      cookie('datadome', 'presence'),
      markup(/js\.datadome\.co/, 'presence'),
    ],
  },
  {
    vendor: 'perimeterx',
    signals: [
      element(/^px-captcha$/, 'challenge'),
      text(/press\s*(?:&|and)\s*hold to confirm you are\s+a human/i, 'challenge'),
      markup(/captcha\.px-(?:cdn|cloud)\.net|_pxJsClientSrc|pxCaptchaSrc/, 'challenge'),
      title(/^access to this page has been denied\.?$/i, 'wording'),
      // The sensor snippet (window._pxAppId) is on every page of a protected site.
      markup(/window\._pxAppId|client\.perimeterx\.net|perimeterx/i, 'presence'),
      cookie('_pxhd', 'presence'),
      cookie('_px3', 'presence'),
      cookie('_pxvid', 'presence'),
    ],
  },
  {
    vendor: 'akamai',
    signals: [
      text(/reference\s*#\s*\d+\.[0-9a-f]+\.\d+\.[0-9a-f]+/i, 'challenge'),
      text(/errors\.edgesuite\.net/i, 'challenge'),
      title(/^access denied$/i, 'wording'),
      header('server', 'presence', /akamaighost/i),
      cookie('_abck', 'presence'),
      cookie('bm_sz', 'presence'),
      cookie('ak_bmsc', 'presence'),
    ],
  },
  {
    vendor: 'amazon',
    signals: [
      // AWS WAF: a challenge answers 202 with an empty body, a captcha 405; both say so in a header.
      header('x-amzn-waf-action', 'verdict', /^(?:challenge|captcha|block)$/i),
      markup(
        /[\w-]+\.(?:token|captcha|captcha-sdk|edge\.captcha-sdk)\.awswaf\.com|\bgokuProps\b|\bAwsWafCaptcha\b|\bAwsWafIntegration\b/,
        'challenge',
      ),
      markup(/\/errors\/validateCaptcha/, 'challenge'),
      markup(/opfcaptcha/, 'challenge'),
      markup(/To discuss automated access to Amazon data/i, 'challenge'),
      markup(/api-services-support@amazon\.com/i, 'challenge'),
      element(/^captchacharacters$/, 'challenge'),
      text(/type the characters you see in this image|enter the characters you see below/i, 'wording'),
      header('x-amz-rid', 'presence'),
    ],
  },
  {
    vendor: 'vercel',
    signals: [
      header('x-vercel-mitigated', 'verdict', /^(?:challenge|deny)$/i),
      header('x-vercel-challenge-token', 'challenge'),
      title(/^vercel security checkpoint$/i, 'challenge'),
      markup(/\.well-known\/vercel\/security\//, 'challenge'),
      header('x-vercel-id', 'presence'),
      header('server', 'presence', /^vercel$/i),
    ],
  },
  {
    vendor: 'fastly',
    optIn: true,
    signals: [
      text(/request blocked/i, 'wording'),
      // Fastly's synthetic error page; it also wraps plain origin errors, so it only corroborates.
      text(/guru mediation/i, 'wording'),
      header('x-served-by', 'presence', /^cache-[\w-]+/i),
      header('x-fastly-request-id', 'presence'),
      header('x-timer', 'presence', /^S\d+\.\d+,VS\d+/),
    ],
  },
];
