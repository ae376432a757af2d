import { describe, expect, it } from 'vitest';
import { type Element, hasNonBlankText, isElement, rawText } from '../../lib/html/dom.js';
import { loadMarkup } from '../../lib/html/markup-parser.js';

function firstLink(html: string): Element {
  const link = loadMarkup(html)('a')[0];
  if (!isElement(link)) throw new Error('no link');
  return link;
}

describe('hasNonBlankText (the early-exit reading of rawText)', () => {
  const skipHidden = (el: Element) => el.attribs.hidden !== undefined;

  it('answers as rawText(...).trim() would, skipped subtrees, scripts and every kind of white space included', () => {
    for (const html of [
      '<a href="/x">Read</a>',
      '<a href="/x"> \n\t\u00a0\u3000 </a>',
      '<a href="/x"><span> </span><b>\u2003</b></a>',
      '<a href="/x"><span hidden>hidden words</span> </a>',
      '<a href="/x"><script>var words;</script><style>p{}</style></a>',
      '<a href="/x"><img src="/i.png"> </a>',
      '<a href="/x"><span hidden> </span><i>seen</i></a>',
    ]) {
      const link = firstLink(html);
      expect(hasNonBlankText(link, skipHidden), html).toBe(rawText(link, skipHidden).trim() !== '');
    }
  });

  it('reads the node itself even when the skip rule would leave it out', () => {
    const link = firstLink('<a href="/x" hidden>own words</a>');
    expect(hasNonBlankText(link, skipHidden)).toBe(true);
  });
});
