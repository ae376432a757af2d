/**
 * True when the `hidden` attribute hides the element. `hidden="until-found"` does not: it collapses
 * a section that find-in-page and links to it open (MediaWiki's mobile sections, accordions), content
 * the page means readers to reach, as a closed `<details>` is.
 */
export function hiddenByAttribute(attribs: Record<string, string>): boolean {
  const hidden = attribs.hidden;
  return hidden !== undefined && hidden.trim().toLowerCase() !== 'until-found';
}

const HIDING_STYLE = /display\s*:\s*none|visibility\s*:\s*hidden/i;

/** True when an inline style takes the element off the page (`display: none`, `visibility: hidden`). */
export function hiddenByStyle(style: string | undefined): boolean {
  return style !== undefined && HIDING_STYLE.test(style);
}
