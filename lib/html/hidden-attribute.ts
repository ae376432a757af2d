/**
 * True when the `hidden` attribute hides the element. `hidden="until-found"` does not: it collapses
 * a section that find-in-page and links to it open (MediaWiki's mobile sections, accordions), content
 * the page means readers to reach, as a closed `<details>` is.
 */
export function hiddenByAttribute(attribs: Record<string, string>): boolean {
  const hidden = attribs.hidden;
  return hidden !== undefined && hidden.trim().toLowerCase() !== 'until-found';
}
