/** A width or height attribute of at most one pixel: `1`, `0`, `1px`. */
const AT_MOST_ONE_PIXEL = /^\s*[01](?:\.0*)?\s*(?:px)?\s*$/i;

/**
 * An image that shows nothing: a spacer GIF (table layouts indent with `<img src="s.gif" height="1"
 * width="40">`) or a counting pixel (VG Wort's and analytics' 1×1 images). One pixel wide or high
 * and without alt text, it is layout or tracking, never a picture of the content. An image with alt
 * text is kept whatever its attributes say: CSS may size a `width="0"` image (lazy loaders do).
 */
export function isSpacerImage(attribs: Record<string, string>): boolean {
  if (attribs.alt?.trim()) return false;
  const { width, height } = attribs;
  return (
    (width !== undefined && AT_MOST_ONE_PIXEL.test(width)) ||
    (height !== undefined && AT_MOST_ONE_PIXEL.test(height))
  );
}
