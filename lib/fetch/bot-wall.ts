import type { ParentNode } from '../html/dom.js';
import { parseHtml } from '../html/parse.js';
import {
  GENERIC_CHALLENGE,
  type PageView,
  type SignalStrength,
  VENDOR_SIGNATURES,
} from './bot-wall-signatures.js';
import {
  type DocumentFacts,
  isClientRenderedShell,
  readDocument,
  readParsedDocument,
  visibleLength,
  visibleLengthReaches,
} from './client-rendered.js';
import type { FetchedPage } from './types.js';

/**
 * Is this response a bot wall (docs/reference/pages.md#bot-walls-and-escalation escalate): a vendor's challenge or block page, a bare
 * 403/429/444, an empty shell, or an error placeholder served as 2xx? Being wrong in one direction
 * costs a caller a BLOCKED answer for a readable page; in the other, text scraped from a challenge
 * page returned as content. Both are avoided by asking for more than one hint wherever a hint also
 * shows on normal pages.
 */

export interface BotWall {
  /** Lower-case vendor name, or 'unknown' for the generic walls. */
  vendor: string;
  /** One entry per signal that matched, e.g. 'header cf-mitigated: challenge'. */
  evidence: string[];
}

export interface BotWallOptions {
  /** Recognise Fastly's block page: docs/reference/pages.md#bot-walls-and-escalation counts it as a wall only for `scrape`. */
  includeFastly?: boolean;
  /**
   * Count a 2xx with nothing to read (no visible text, an error placeholder) as a wall; true by
   * default. A tool that cannot retry in a browser reads such a page as the empty page it is,
   * while a challenge, named or not, stays a wall for every tool.
   */
  includeEmptyPages?: boolean;
}

export type BotWallInput = Pick<FetchedPage, 'status' | 'headers' | 'body' | 'finalUrl' | 'kind'>;

export const UNKNOWN_VENDOR = 'unknown';

/** Challenge pages are short: Cloudflare's block page, the wordiest modelled, reads about 730 characters. */
const THIN_PAGE_CHARS = 2000;
/** "Little or no content" for a bare 403/429/444: server default pages and CloudFront's block page fit. */
const BARE_PAGE_CHARS = 600;
const PLACEHOLDER_PAGE_CHARS = 200;
/**
 * A challenge nobody has a signature for is judged only this short: the wordiest modelled (Anubis,
 * with its "Why am I seeing this?") reads about 1,100 characters, a forum thread or a docs page
 * that quotes one reads far more.
 */
const GENERIC_CHALLENGE_CHARS = 1500;
/**
 * A cookie-and-reload script alone decides only on a page with a word or two to read ("Loading...",
 * "Please wait"): a theme switch or a cookie banner does the same on a normal page, and even a
 * splash page says more than this.
 */
const BARE_CHALLENGE_CHARS = 100;
const BARE_BLOCK_STATUSES = new Set([403, 429, 444]);
// A vendor's presence alone (cf-ray, a bot-manager cookie) means a wall only on the statuses
// vendors block with. 5xx is left out: docs/reference/pages.md#bot-walls-and-escalation never escalates a server error.
const VENDOR_BLOCK_STATUSES = new Set([403, 429]);
// The target says the page does not exist; no browser changes that, so the answer stays UPSTREAM_HTTP.
const GONE_STATUSES = new Set([404, 410]);
const PLACEHOLDER_LINE =
  /^(?:error\s*)?(?:(?:http\s*)?\d{3}\s*[-–:|]?\s*)?(?:access denied|access forbidden|forbidden|request blocked|request rejected|too many requests|service (?:temporarily )?unavailable|you have been blocked|rate limit(?:ed| exceeded))[.!]?$/i;

/** 403, 429 and 444: the statuses that are a wall by themselves when the page says next to nothing. */
export function isBareBlockStatus(status: number): boolean {
  return BARE_BLOCK_STATUSES.has(status);
}

export function detectBotWall(page: BotWallInput, options: BotWallOptions = {}): BotWall | null {
  if (page.kind === 'binary' || GONE_STATUSES.has(page.status)) return null;
  const view = viewUnlessPlainlyReadable(page);
  return view && detectBotWallInView(view, options);
}

/** Reads the response once; `assessFetchedPage` reuses the reading for the client-rendered check. */
export function viewFetchedPage(page: BotWallInput): PageView {
  const markup = page.kind === 'html' || page.kind === 'xml';
  return pageView(page, markup ? readDocument(page.body) : null);
}

/**
 * `viewFetchedPage`, or null for a page no rule can call a wall or a client-rendered shell: one
 * with THIN_PAGE_CHARS of visible text and no vendor verdict in its headers. On a long page only a
 * verdict makes a vendor's case (caseStrength), every generic rule and the shell test need a short
 * one, and what the rest of the reading collects (text, scripts, ids, URLs) is never looked at. Its
 * visible text is counted up to that length, not read whole: on a 4 MB page the full reading cost
 * more than half the parse.
 */
export function viewUnlessPlainlyReadable(page: BotWallInput): PageView | null {
  if (page.kind !== 'html' && page.kind !== 'xml') return pageView(page, null);
  const root = parseHtml(page.body).root()[0] as unknown as ParentNode;
  if (!hasVerdictHeader(page) && visibleLengthReaches(root, THIN_PAGE_CHARS)) return null;
  return pageView(page, readParsedDocument(root));
}

function pageView(page: BotWallInput, document: DocumentFacts | null): PageView {
  return {
    status: page.status,
    kind: page.kind,
    headers: page.headers,
    cookies: cookieNames(page.headers['set-cookie']),
    finalUrl: page.finalUrl,
    document,
    rawBody: document ? '' : page.body,
    visibleText: document ? document.visibleText : page.body.trim(),
    ownText: document ? document.ownText : page.body.trim(),
  };
}

/** A verdict is a header by definition (SignalStrength), so the headers alone answer this. */
function hasVerdictHeader(page: BotWallInput): boolean {
  const headersOnly = pageView({ ...page, kind: 'binary', body: '' }, null);
  return VENDOR_SIGNATURES.some((signature) =>
    signature.signals.some((signal) => signal.strength === 'verdict' && signal.match(headersOnly) !== null),
  );
}

export function detectBotWallInView(view: PageView, options: BotWallOptions = {}): BotWall | null {
  if (view.kind === 'binary' || GONE_STATUSES.has(view.status)) return null;
  const includeFastly = options.includeFastly ?? false;
  return (
    vendorWall(view, includeFastly) ??
    unsignedChallenge(view, includeFastly) ??
    genericWall(view, options.includeEmptyPages ?? true)
  );
}

interface Candidate {
  wall: BotWall;
  rank: number;
  signals: number;
}

/** The vendor with the strongest case wins: a DataDome captcha behind Cloudflare is DataDome's wall. */
function vendorWall(view: PageView, includeFastly: boolean): BotWall | null {
  const thin = visibleLength(view.visibleText) < THIN_PAGE_CHARS;
  // Only a 2xx can be a placeholder: "Service Unavailable" on a real 503 is the origin failing.
  const placeholder = isSuccess(view.status) && errorPlaceholder(view) !== null;
  let best: Candidate | null = null;
  for (const signature of VENDOR_SIGNATURES) {
    if (signature.optIn && !includeFastly) continue;
    if (signature.guardsForms && asksReader(view)) continue;
    // On a long page only a verdict makes a case (caseStrength): without one, the other signals
    // (patterns over megabytes of text and script) cannot change the answer and are not tried.
    if (!thin && !signature.signals.some((signal) => signal.strength === 'verdict' && signal.match(view)))
      continue;
    const found: Array<{ strength: SignalStrength; evidence: string }> = [];
    for (const signal of signature.signals) {
      const evidence = signal.match(view);
      if (evidence !== null) found.push({ strength: signal.strength, evidence });
    }
    const rank = caseStrength(found, view.status, thin, placeholder);
    if (rank === 0) continue;
    if (best && (rank < best.rank || (rank === best.rank && found.length <= best.signals))) continue;
    const evidence = found.map((entry) => entry.evidence);
    if (!isSuccess(view.status)) evidence.push(`HTTP ${view.status}`);
    best = { wall: { vendor: signature.vendor, evidence }, rank, signals: found.length };
  }
  return best?.wall ?? null;
}

/**
 * 3: the vendor said so in a header. 2: its challenge markup on a short page, backed by a second
 * signal or a block status. 1: it sits in front of a short page that is a 403/429 or an error
 * placeholder ("cf-ray with 403"). 0: not this vendor's wall. Only a verdict may come with a long
 * page: an article quoting challenge markup is long, a challenge page never is.
 */
function caseStrength(
  found: Array<{ strength: SignalStrength }>,
  status: number,
  thin: boolean,
  placeholder: boolean,
): number {
  const has = (strength: SignalStrength) => found.some((entry) => entry.strength === strength);
  if (has('verdict')) return 3;
  if (!thin) return 0;
  const blockStatus = VENDOR_BLOCK_STATUSES.has(status);
  if (has('challenge') && (found.length >= 2 || blockStatus)) return 2;
  if (has('presence') && (blockStatus || placeholder)) return 1;
  return 0;
}

/**
 * A challenge no signature names, told by what every challenge does (GENERIC_CHALLENGE): a page
 * with about nothing to read and a script or two, one of which stores a cookie and reloads, unless
 * it asks the reader to type something (a sign-in form may well set a cookie and reload) or is an
 * app's empty mount point waiting for its bundle; or a short page that opens by saying it is
 * checking the visitor and backs it with that script, an error status, or nothing but a script to
 * show. It is named after the vendor in front of it (vendorInFront), else 'unknown'.
 */
function unsignedChallenge(view: PageView, includeFastly: boolean): BotWall | null {
  const length = visibleLength(view.visibleText);
  if (view.document === null || length > GENERIC_CHALLENGE_CHARS) return null;
  const machinery = GENERIC_CHALLENGE.machinery.match(view);
  const leading = GENERIC_CHALLENGE.leading.match(view);
  const runsScript = view.document.scriptSources > 0 || view.document.inlineScripts.length > 0;
  const isWall =
    (machinery !== null &&
      length <= BARE_CHALLENGE_CHARS &&
      runsFewScripts(view) &&
      !asksReader(view) &&
      !view.document.hasEmptyRootContainer) ||
    (leading !== null &&
      ((machinery !== null && runsFewScripts(view)) ||
        view.status >= 400 ||
        (length <= BARE_PAGE_CHARS && runsScript && !asksReader(view))));
  if (!isWall) return null;
  const evidence = [machinery, leading].filter((entry): entry is string => entry !== null);
  const vendor = vendorInFront(view, includeFastly);
  if (vendor) evidence.push(...vendor.evidence);
  if (!isSuccess(view.status)) evidence.push(`HTTP ${view.status}`);
  return { vendor: vendor?.vendor ?? UNKNOWN_VENDOR, evidence };
}

/**
 * The first vendor whose presence (a Qrator or Variti server header, a bot-manager cookie) or
 * challenge markup the response carries. Wording is left out: "verify you are human" is on every
 * vendor's page and names none of them.
 */
function vendorInFront(view: PageView, includeFastly: boolean): BotWall | null {
  for (const signature of VENDOR_SIGNATURES) {
    if (signature.optIn && !includeFastly) continue;
    const evidence = signature.signals
      .filter((signal) => signal.strength !== 'wording')
      .map((signal) => signal.match(view))
      .filter((entry): entry is string => entry !== null);
    if (evidence.length > 0) return { vendor: signature.vendor, evidence };
  }
  return null;
}

/** A page with a field to type into is a form the reader fills, whatever guards it. */
function asksReader(view: PageView): boolean {
  return (view.document?.fillableFields ?? 0) > 0;
}

/**
 * A challenge page is a script or two and next to nothing else; a page running more than this
 * many inline scripts is a site's own, whose cookie helpers and reload buttons can share a script.
 */
const CHALLENGE_MAX_INLINE_SCRIPTS = 4;

function runsFewScripts(view: PageView): boolean {
  return (view.document?.inlineScripts.length ?? 0) <= CHALLENGE_MAX_INLINE_SCRIPTS;
}

function genericWall(view: PageView, includeEmptyPages: boolean): BotWall | null {
  const length = visibleLength(view.visibleText);
  if (isBareBlockStatus(view.status)) {
    return length <= BARE_PAGE_CHARS
      ? unknownWall(`HTTP ${view.status} with ${length} characters of text`)
      : null;
  }
  if (!isSuccess(view.status) || !includeEmptyPages) return null;
  if (length === 0) {
    // An empty app root or an enable-JavaScript notice makes it a client-rendered shell (docs/reference/pages.md#extract_text):
    // a success with rendered: false. With neither, there is nothing to render: a wall.
    if (view.document && isClientRenderedShell(view.document)) return null;
    return unknownWall(`HTTP ${view.status} with no visible text and no app root container`);
  }
  const placeholder = errorPlaceholder(view);
  return placeholder === null
    ? null
    : unknownWall(`HTTP ${view.status} whose text is an error placeholder: "${placeholder}"`);
}

/**
 * The first line of a short page when it is nothing but an error phrase ("403 Forbidden",
 * "Access denied."), else null. Only the whole line counts, so "Forbidden Fruit Bakery" is a shop.
 */
function errorPlaceholder(view: PageView): string | null {
  if (visibleLength(view.visibleText) > PLACEHOLDER_PAGE_CHARS) return null;
  const firstLine = view.visibleText.split('\n', 1)[0].replace(/\s+/g, ' ').trim();
  return PLACEHOLDER_LINE.test(firstLine) ? firstLine : null;
}

function unknownWall(evidence: string): BotWall {
  return { vendor: UNKNOWN_VENDOR, evidence: [evidence] };
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/**
 * Cookie names from Set-Cookie, whether one header or several joined by commas or newlines. A comma
 * inside "Expires=Wed, 21 Oct" is followed by a date, not by "name=", so it does not start a name.
 */
function cookieNames(setCookie: string | undefined): Set<string> {
  const names = new Set<string>();
  if (!setCookie) return names;
  for (const match of setCookie.matchAll(/(?:^|[,\n])\s*([\w!#$%&'*+.^`|~-]+)=/g)) names.add(match[1]);
  return names;
}
