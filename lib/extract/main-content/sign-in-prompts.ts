import { type Element, isElement, textOf, walkElements } from '../../html/dom.js';
import { INLINE_TAGS } from './stats.js';

/**
 * What a thread or a blog shows a visitor in place of the reply box: "Create an account or sign in
 * to comment", "You need to be a member in order to leave a comment", "You must be logged in to
 * post a comment". An invitation to the reader, not a post.
 */
const SIGN_IN_PROMPT =
  /\b(?:sign|log)(?:ged)? ?in\b[^.!?]{0,40}\bto (?:comment|reply|post|leave a (?:comment|reply)|join the (?:discussion|conversation)|see|view|access)\b|\bneed to be a member\b|\bcreate an account or (?:sign|log) ?in\b|\bmust be (?:a member|registered|logged in)\b/iu;

/** Longer, the block is a post that talks about signing in. */
const MAX_PROMPT_CHARS = 160;

/** The result's leaf blocks that are such a prompt. */
export function findSignInPrompts(roots: readonly Element[], removed: ReadonlySet<Element>): Element[] {
  const found: Element[] = [];
  const skip = (el: Element) => removed.has(el);
  for (const root of roots)
    walkElements(root, (el) => {
      if (removed.has(el)) return false;
      if (INLINE_TAGS.has(el.name) || el === root) return true;
      if (el.children.some((c) => isElement(c) && c.type === 'tag' && !INLINE_TAGS.has(c.name))) return true;
      const text = textOf(el, skip);
      if (text.length <= MAX_PROMPT_CHARS && SIGN_IN_PROMPT.test(text)) found.push(el);
      return false;
    });
  return found;
}
