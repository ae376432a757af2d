import type { LeafNotice } from './leaf-notices.js';

/**
 * The affiliate and sponsorship notice a publisher prints above or below a story: "We may earn
 * commission from links on this page", "This post contains affiliate links", "Every item on this
 * page was chosen by an editor". First person or about the page itself, so a story that explains
 * affiliate marketing in its own sentences does not read as one.
 */
const DISCLOSURE =
  /\b(?:we|i|us|our (?:site|editors))\b[^.!?]{0,60}\b(?:earn|receive|get|make|may be paid)\b[^.!?]{0,40}\b(?:commissions?|compensation|share of (?:sales|revenue))\b|\b(?:this|the) (?:post|article|page|story|guide|review|site) (?:may )?(?:contains?|includes?|uses?) (?:affiliate|sponsored|partner) links?\b|\b(?:contains?|includes?) affiliate links\b|\bindependently selected by our editors\b|\bchosen by an? [\p{L} ]{0,30}editor\b|\bwir (?:erhalten|bekommen) (?:dafür |ggf\. |eventuell )?eine (?:kleine )?provision\b|\benthält (?:sogenannte )?(?:affiliate|werbe)-?links\b/iu;

/** Every form above names one of these: most lines are ruled out before the full expression runs. */
const MIGHT_DISCLOSE = /commission|compensation|affiliate|sponsored|partner|editor|share of|provision|werbe/i;

export const AFFILIATE_DISCLOSURE: LeafNotice = {
  maxChars: 300,
  test: (text) => MIGHT_DISCLOSE.test(text) && DISCLOSURE.test(text),
};
