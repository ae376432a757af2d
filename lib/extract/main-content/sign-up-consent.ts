import type { LeafNotice } from './leaf-notices.js';

/**
 * The consent line under a newsletter or account box: "By signing up, you agree to our Privacy
 * Policy", "By clicking Sign Me Up, you confirm you are 16+". Where the box's form is drawn by a
 * script, the line is what is left of it in the page as served.
 */
const CONSENT =
  /^by (?:signing up|subscribing|clicking|submitting|registering|entering your (?:email|e-mail|phone))\b[^.!?]{0,80}\b(?:agree|accept|consent|confirm|acknowledge)/iu;

export const SIGN_UP_CONSENT: LeafNotice = {
  maxChars: 300,
  test: (text) => CONSENT.test(text),
};
