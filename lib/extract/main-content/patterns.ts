import type { Element } from '../../html/dom.js';

/*
 * Class/id heuristics work on words, not substrings: Readability's substring regexes read "ad" in
 * "shadow" and "header" in "subheader-article". Splitting "articleShareBar__x1y2" into
 * [article, share, bar, x1y2] keeps CSS-module and BEM names readable too.
 */
const NO_TOKENS: readonly string[] = [];
/**
 * Tokens by raw name string: pages repeat a few hundred class strings over thousands of elements,
 * so this cache is both smaller and faster than one entry per element. Bounded so a page of
 * generated names cannot grow it without limit.
 */
const tokenCache = new Map<string, readonly string[]>();
const TOKEN_CACHE_LIMIT = 5000;

export function classTokens(el: Element): readonly string[] {
  const a = el.attribs;
  if (!a.class && !a.id && !a['data-component'] && !a['data-testid'] && !a['data-module']) return NO_TOKENS;
  // Component frameworks put the only readable name in a data attribute ("RelatedStories").
  const raw = `${a.class ?? ''} ${usableId(el)} ${a['data-component'] ?? ''} ${a['data-testid'] ?? ''} ${a['data-module'] ?? ''}`;
  const cached = tokenCache.get(raw);
  if (cached) return cached;
  const spaced = /[A-Z]/.test(raw) ? raw.replace(/([a-z])([A-Z])/g, '$1 $2') : raw;
  const tokens = spaced
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  if (tokenCache.size >= TOKEN_CACHE_LIMIT) tokenCache.clear();
  tokenCache.set(raw, tokens);
  return tokens;
}

/**
 * Ids generated from headings ("sql-for-update-share", Sphinx's <section id="related-work">) name
 * the content, not the widget: an id is ignored on <section> and when it runs to four words or more.
 */
function usableId(el: Element): string {
  const id = el.attribs.id;
  if (!id || el.name === 'section') return '';
  return id.split(/[^a-zA-Z0-9]+/).filter(Boolean).length >= 4 ? '' : id;
}

function wordSet(words: string): ReadonlySet<string> {
  return new Set(words.split(/\s+/).filter(Boolean));
}

/**
 * Names that rule an element out even when it is large: a long comment thread or a wall of related
 * stories can hold more text than the article, so size must not rescue them.
 */
const DECISIVE_WORDS = wordSet(`
  ad ads adslot adunit adsbygoogle dfp gpt advert adverts advertisement advertisements advertising
  comment comments commentlist replies respond responses disqus
  related recommended recommendations recommendation recirc recirculation outbrain taboola zergnet
  cookie cookies consent gdpr ccpa onetrust
  share shares sharing sharebar sharetools sharedaddy addthis sharethis
  newsletter newsletters popup modal
`);

/** Glued names ("relatedposts", "commentlist2", "newsletterSignup") caught by their first word. */
const DECISIVE_STEMS = [
  'related',
  'recommend',
  'comment',
  'sharing',
  'newsletter',
  'cookie',
  'advert',
  'outbrain',
  'taboola',
  'disqus',
  'onetrust',
];

/** Furniture unless the element holds most of the page's text (then it is a badly named wrapper). */
const BOILERPLATE_WORDS = wordSet(`
  social socials sociallinks subscribe subscription subscriptions signup
  sponsor sponsored sponsors promo promos promotion promoted partner partners
  breadcrumb breadcrumbs pagination pager navbar navigation nav menu menus submenu megamenu
  sidebar sidenav skiplink skip toolbar overlay lightbox interstitial paywall regwall
  footer masthead topbar noprint trending popular mostread mostpopular widget widgets tagcloud taglist
  toc tableofcontents
`);

/**
 * Names of the small print around an article (bylines, dates, tag lists, photo credits, reading
 * time, vote buttons): removed only while short, since a long element so named is something else.
 */
const SMALL_PRINT_WORDS = wordSet(`
  author authors authorbio authorbox bio byline meta date timestamp published tags categories keywords
  credit credits copyright readtime actions vote votes clap claps follow print email save bookmark
`);
// Not "rating": on a category page each product card's stars and review count are part of the
// card, and annotated listings keep them.
export const SMALL_PRINT_MAX_CHARS = 200;

/** Two-word runs that mean furniture ("more stories", "read next", "post navigation"). */
const BOILERPLATE_PAIRS = [
  ['more', 'stories'],
  ['read', 'next'],
  ['read', 'more'],
  ['see', 'also'],
  ['you', 'may'],
  ['also', 'like'],
  ['most', 'read'],
  ['most', 'popular'],
  ['further', 'reading'],
  ['post', 'navigation'],
  ['post', 'meta'],
  ['entry', 'meta'],
  ['article', 'meta'],
  ['entry', 'footer'],
  ['article', 'footer'],
  ['post', 'footer'],
  ['table', 'of'],
];

/**
 * Hiding classes count only without a breakpoint word: Bootstrap's "hidden-xs" or "d-none d-md-block"
 * is visible on the desktop page we stand for.
 */
const HIDING_WORDS = wordSet('hidden hide invisible sronly srtext visuallyhidden screenreader');
const HIDING_PAIRS = [
  ['screen', 'reader'],
  ['sr', 'only'],
  ['visually', 'hidden'],
  ['d', 'none'],
];
const BREAKPOINT_WORDS = wordSet('xs sm md lg xl xxl mobile desktop tablet phone small large print');

export function isHiddenByName(tokens: readonly string[]): boolean {
  if (tokens.length === 0) return false;
  let hiding = hasPair(tokens, HIDING_PAIRS);
  for (let i = 0; i < tokens.length; i++) {
    if (BREAKPOINT_WORDS.has(tokens[i])) return false;
    if (HIDING_WORDS.has(tokens[i]) && !hidesOnlyPart(tokens, i)) hiding = true;
  }
  return hiding;
}

/**
 * Utility classes that clip or hide a part of the box, not the box: "overflow-hidden",
 * "overflow-x-hidden" (Tailwind and its kin put them on every card and section), "hide-scrollbar",
 * Drupal's "field--label-hidden" (on every body field: the label is hidden), and Shopify's
 * "quick-add-hidden" (left out of the quick-add popup, shown on the product page itself).
 */
function hidesOnlyPart(tokens: readonly string[], i: number): boolean {
  const before = tokens[i - 1];
  if (before === 'overflow' || before === 'label') return true;
  if (before === 'add' && tokens[i - 2] === 'quick') return true;
  if ((before === 'x' || before === 'y') && tokens[i - 2] === 'overflow') return true;
  return tokens[i + 1] === 'scrollbar';
}

/** Words that weigh against a container without ruling it out. */
export const NEGATIVE_WORDS = wordSet(`
  header extra meta aside caption credit credits contact combx community cover agegate login signin
  search rss remark shoutbox skyscraper supplemental legends masthead media shopping scroll
  teaser teasers card cards thumbnail thumb more links
`);

/** Words that mark article containers. */
export const POSITIVE_WORDS = wordSet(`
  article articles articlebody body content contents entry entrycontent hentry main page post posts
  postbody postcontent text blog story storybody prose markdown richtext rich paragraph paragraphs
  column single
`);

/** Names that, on their own, say "this is the article body" strongly enough to prefer the element. */
const ARTICLE_BODY_PAIRS = [
  ['article', 'body'],
  ['article', 'content'],
  ['article', 'text'],
  ['story', 'body'],
  ['story', 'content'],
  ['story', 'text'],
  ['post', 'body'],
  ['post', 'content'],
  ['post', 'text'],
  ['entry', 'content'],
  ['entry', 'body'],
  ['body', 'text'],
  ['rich', 'text'],
  ['news', 'text'],
  ['article', 'main'],
  ['main', 'content'],
];
const ARTICLE_BODY_WORDS = wordSet('articlebody storybody postbody postcontent entrycontent bodytext');

function hasPair(
  tokens: readonly string[],
  pairs: readonly (readonly [string, string] | string[])[],
): boolean {
  for (let i = 0; i + 1 < tokens.length; i++) {
    for (const [a, b] of pairs) if (tokens[i] === a && tokens[i + 1] === b) return true;
  }
  return false;
}

/** Author boxes: prose about the writer, as long as a paragraph and never part of the article. */
const DECISIVE_PAIRS = [
  ['author', 'bio'],
  ['author', 'box'],
  ['author', 'card'],
  ['author', 'info'],
  ['author', 'profile'],
  ['about', 'author'],
  ['about', 'the'],
  ['written', 'by'],
];

/** Names of the replies under a post: furniture under an article, the content of a discussion. */
const REPLY_WORDS = wordSet('comment comments commentlist replies respond responses disqus');

export function isDecisiveBoilerplateName(tokens: readonly string[], repliesAreContent = false): boolean {
  for (const token of tokens) {
    if (DECISIVE_WORDS.has(token) && !(repliesAreContent && REPLY_WORDS.has(token))) return true;
    for (const stem of DECISIVE_STEMS) {
      if (repliesAreContent && (stem === 'comment' || stem === 'disqus')) continue;
      if (token.length > stem.length + 1 && token.startsWith(stem)) return true;
    }
  }
  return hasPair(tokens, DECISIVE_PAIRS);
}

const CONSENT_WORDS = wordSet('cookie cookies consent gdpr ccpa onetrust cookiebanner');
const CONSENT_STEMS = ['cookie', 'consent', 'onetrust'];

/**
 * A cookie or consent notice by name: never the article under any reading of the page, so even the
 * pass that distrusts names (see findBoilerplate) leaves it out.
 */
export function isConsentByName(tokens: readonly string[]): boolean {
  for (const token of tokens) {
    if (CONSENT_WORDS.has(token)) return true;
    for (const stem of CONSENT_STEMS)
      if (token.length > stem.length + 1 && token.startsWith(stem)) return true;
  }
  return false;
}

/**
 * A poster's card beside each post of a thread (join date, post count, location, the rank the forum
 * gave them) and the note that a post was edited. The name and the date of the post stay.
 */
const SMALL_PRINT_PAIRS = [
  ['user', 'extras'],
  ['user', 'stats'],
  ['user', 'title'],
  ['last', 'edit'],
];

/** Small print by name; the caller checks that the element is short. */
export function isSmallPrintByName(tokens: readonly string[]): boolean {
  for (const token of tokens) if (SMALL_PRINT_WORDS.has(token)) return true;
  return hasPair(tokens, SMALL_PRINT_PAIRS);
}

export function isBoilerplateByName(tokens: readonly string[]): boolean {
  if (tokens.length === 0) return false;
  for (const token of tokens) if (BOILERPLATE_WORDS.has(token)) return true;
  return hasPair(tokens, BOILERPLATE_PAIRS);
}

export function isArticleBodyByName(tokens: readonly string[]): boolean {
  if (tokens.length === 0) return false;
  for (const token of tokens) if (ARTICLE_BODY_WORDS.has(token)) return true;
  return hasPair(tokens, ARTICLE_BODY_PAIRS);
}

/** Readability's class weight, on words: +25 for an article-ish name, -25 for a furniture-ish one. */
export function classWeight(el: Element): number {
  const tokens = classTokens(el);
  if (tokens.length === 0) return 0;
  let negative = false;
  let positive = false;
  for (const token of tokens) {
    if (DECISIVE_WORDS.has(token) || BOILERPLATE_WORDS.has(token) || NEGATIVE_WORDS.has(token))
      negative = true;
    if (POSITIVE_WORDS.has(token)) positive = true;
  }
  let weight = 0;
  if (negative) weight -= 25;
  if (positive) weight += 25;
  if (isArticleBodyByName(tokens)) weight += 25;
  return weight;
}

/** ARIA roles whose elements are never the article. */
export const FURNITURE_ROLES = new Set([
  'navigation',
  'menu',
  'menubar',
  'complementary',
  'banner',
  'contentinfo',
  'dialog',
  'alertdialog',
  'search',
  'alert',
  'tablist',
  'toolbar',
]);
