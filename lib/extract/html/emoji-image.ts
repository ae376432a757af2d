/** An emoji sequence: pictographs, flags, keycaps, with their joiners, variation selectors and skin tones. */
const EMOJI_ONLY = /^(?:\p{Extended_Pictographic}|\p{Emoji_Component}|\u200d|\ufe0f|\u20e3|\s)+$/u;
const PICTOGRAPH = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;

/**
 * The emoji an image stands in for, when its alt text is nothing but emoji: WordPress (twemoji),
 * Discourse, Slack and GitHub exports draw each emoji as an <img> whose alt is the character. It is
 * part of the sentence, not a picture: the text keeps the character, the image list skips it.
 */
export function emojiOfImage(attribs: Record<string, string>): string | null {
  const alt = attribs.alt?.trim();
  if (!alt || alt.length > 16 || !EMOJI_ONLY.test(alt) || !PICTOGRAPH.test(alt)) return null;
  return alt;
}
