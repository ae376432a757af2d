import { type AnyNode, type ElementFilter, walkElements } from '../html/dom.js';
import { emojiOfImage } from './html/emoji-image.js';
import { isSpacerImage } from './html/spacer-image.js';
import { imageSource, toAbsoluteWebUrl } from './urls.js';

/**
 * Image URLs under the given roots in document order: absolute, http(s) only, each once. Lazy-loaded
 * images count by their real source (data-src, srcset), not their placeholder; an emoji drawn as an
 * image is a character of the text, and a spacer or counting pixel nothing, not one of its images.
 */
export function collectImages(roots: readonly AnyNode[], baseUrl: string, removed?: ElementFilter): string[] {
  const seen = new Set<string>();
  for (const root of roots) {
    walkElements(root, (el) => {
      if (removed?.has(el)) return false;
      if (el.name !== 'img' || emojiOfImage(el.attribs) || isSpacerImage(el.attribs)) return true;
      const url = toAbsoluteWebUrl(imageSource(el.attribs), baseUrl);
      if (url) seen.add(url);
      return true;
    });
  }
  return [...seen];
}
