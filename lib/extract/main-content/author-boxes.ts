/** Who the box is about… */
const PERSON_WORDS = new Set(['author', 'authors', 'contributor', 'contributors', 'writer', 'writers']);
/** …and what kind of box it is. */
const BOX_WORDS = new Set([
  'box',
  'bio',
  'bios',
  'biography',
  'detail',
  'details',
  'info',
  'card',
  'profile',
  'about',
  'description',
]);
const AUTHOR_BOX_WORDS = new Set([
  'authorbio',
  'authorbox',
  'authorinfo',
  'authorcard',
  'authordetails',
  'authorprofile',
  'aboutauthor',
  'aboutauthors',
]);

/** Longer, a box so named is a profile page's content or an essay by the author, not a card. */
export const AUTHOR_BOX_MAX_CHARS = 1000;

/**
 * A box about the story's author (photo, name, role, a few sentences of biography), named so:
 * "author-bio", "author_detail_box", "contributor-bio". Its words are the author's CV, not the
 * story, and annotated stories leave it out; at 200–1,000 characters it runs past the small print.
 */
export function isAuthorBoxByName(tokens: readonly string[]): boolean {
  let person = false;
  let box = false;
  for (const token of tokens) {
    if (AUTHOR_BOX_WORDS.has(token)) return true;
    if (PERSON_WORDS.has(token)) person = true;
    else if (BOX_WORDS.has(token)) box = true;
  }
  return person && box;
}
