import type { LeafNotice } from './leaf-notices.js';

/**
 * What a thread or a blog shows a visitor in place of the reply box: "Create an account or sign in
 * to comment", "You need to be a member in order to leave a comment", "You must be logged in to
 * post a comment". An invitation to the reader, not a post.
 */
const PROMPT =
  /\b(?:sign|log)(?:ged)? ?in\b[^.!?]{0,40}\bto (?:comment|reply|post|leave a (?:comment|reply)|join the (?:discussion|conversation)|see|view|access)\b|\bneed to be a member\b|\bcreate an account or (?:sign|log) ?in\b|\bmust be (?:a member|registered|logged in)\b/iu;
const MIGHT_PROMPT = /sign|log|member|regist/i;

export const SIGN_IN_PROMPT: LeafNotice = {
  maxChars: 160,
  test: (text) => MIGHT_PROMPT.test(text) && PROMPT.test(text),
};
