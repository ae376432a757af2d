import { type Element, findFirst, isElement, rawText } from '../../html/dom.js';

/** The encodings pages give a formula's TeX source under (KaTeX, MathJax, MediaWiki, pandoc). */
const TEX_ENCODINGS = new Set(['application/x-tex', 'application/x-latex', 'text/x-tex', 'tex', 'latex']);

export interface Formula {
  /** TeX source, or the formula's visible MathML text when the page ships no TeX. */
  text: string;
  tex: boolean;
  /** Set apart on its own line (`display="block"`), written `$$…$$`. */
  display: boolean;
}

/**
 * A MathML formula as its TeX source when the page ships one (an `annotation` or `alttext`), which
 * a reader of the text can still parse, and otherwise as its symbols in order (`x=2`): MathML's
 * elements are not blocks, and read as such a formula fell apart one symbol per line.
 */
export function readFormula(math: Element): Formula {
  const display = math.attribs.display === 'block';
  const annotation = findFirst(
    math,
    (el) => el.name === 'annotation' && TEX_ENCODINGS.has((el.attribs.encoding ?? '').trim().toLowerCase()),
  );
  const tex = (annotation ? rawText(annotation) : (math.attribs.alttext ?? '')).trim();
  if (tex) return { text: tex, tex: true, display };
  const symbols = rawText(math, (el) => el.name === 'annotation' || el.name === 'annotation-xml');
  return { text: symbols.replace(/\s+/g, ' ').trim(), tex: false, display };
}

/** The formula as text: TeX between `$` (or `$$` on its own line), plain symbols as they are. */
export function formulaMarkup(formula: Formula): string {
  if (!formula.tex) return formula.text;
  return formula.display ? `$$${formula.text}$$` : `$${formula.text}$`;
}

function holdsFormula(el: Element | null): boolean {
  return el !== null && (el.name === 'math' || wrapsFormula(el));
}

function wrapsFormula(el: Element): boolean {
  return el.children.some((child) => isElement(child) && child.name === 'math');
}

/**
 * The drawn copy of a formula whose MathML sits beside it: KaTeX's `katex-html`, MathJax's
 * `mjx-math`, MediaWiki's SVG fallback image. Each is `aria-hidden` next to the MathML a screen
 * reader gets, and read as text it repeats the formula as loose glyphs ("x2" after "x^2").
 */
export function isFormulaDrawing(el: Element): boolean {
  if (el.attribs['aria-hidden'] !== 'true') return false;
  // The two copies are adjacent in every renderer; asking only the neighbours keeps a list of
  // thousands of hidden icons from costing a scan of its siblings each.
  return holdsFormula(adjacentElement(el, 'prev')) || holdsFormula(adjacentElement(el, 'next'));
}

function adjacentElement(el: Element, direction: 'prev' | 'next'): Element | null {
  for (let node = el[direction]; node; node = node[direction]) {
    if (isElement(node)) return node;
    if (node.type === 'text' && node.data.trim()) return null;
  }
  return null;
}

/**
 * The MathML copy a page hides from sight because it draws the formula another way (MediaWiki's
 * `display: none` span beside its SVG): the copy is what carries the formula's source.
 */
export function wrapsHiddenFormula(el: Element): boolean {
  return el.name !== 'math' && wrapsFormula(el);
}

/** The formula the clean tree holds (clean-tree.ts writes a `math` node: its text, how it reads). */
export function cleanFormula(node: {
  attrs?: Record<string, string>;
  children: readonly unknown[];
}): Formula {
  const text = node.children.filter((child): child is string => typeof child === 'string').join('');
  return { text, tex: node.attrs?.notation === 'tex', display: node.attrs?.display === 'block' };
}
