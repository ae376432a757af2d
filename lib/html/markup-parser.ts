import { type CheerioAPI, load } from 'cheerio/slim';
import { type Document, DomHandler, type Element, type ParentNode } from 'domhandler';
import { Parser } from 'htmlparser2';
import { INDEXED_NAMES, recordElementsByName } from './elements-by-name.js';
import { composeShadowRoots, declaresShadowRoot } from './shadow-roots.js';

/**
 * How deep the element tree may go, as in Chromium's parser (kMaximumHTMLParserDOMTreeDepth): an
 * element opened at this depth is attached at the limit, beside the element there, instead of
 * inside it. htmlparser2 unshifts every open element onto an array and searches that array for
 * every end tag, so an unbounded depth made 40,000 unclosed <div>s cost seconds (the work grows with
 * the square of the depth) and left a tree that recursive readers (`.text()`) overflow the stack
 * on. Capped, each tag costs at most MAX_TREE_DEPTH steps: parsing is linear in the input.
 */
export const MAX_TREE_DEPTH = 512;

const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** htmlparser2's internal stacks, which its typings keep private: the cap needs to read them. */
interface ParserStacks {
  stack: string[];
  foreignContext: boolean[];
  getSlice(start: number, end: number): string;
}

/**
 * htmlparser2's Parser with the open-element stack capped at MAX_TREE_DEPTH. Before an element
 * opens on a full stack, the innermost open element is closed (as an implied close), so the new one
 * becomes its sibling at the limit. Everything else (implied closes, void elements, foreign content)
 * stays htmlparser2's, so pages under the limit parse exactly as before.
 */
class DepthCappedParser extends Parser {
  private readonly xml: boolean;
  private readonly handler: DomHandler;
  /**
   * Open-element stack slots htmlparser2 may move or search, summed over every tag: its unshift and
   * its end-tag search each cost up to the stack's length. What the cap bounds, so tests measure it.
   */
  stackSteps = 0;

  constructor(handler: DomHandler, xml: boolean) {
    super(handler, { xmlMode: xml });
    this.handler = handler;
    this.xml = xml;
  }

  override onopentagname(start: number, endIndex: number): void {
    const internals = this as unknown as ParserStacks;
    const { stack, foreignContext } = internals;
    this.stackSteps += stack.length;
    if (stack.length >= MAX_TREE_DEPTH) {
      const name = internals.getSlice(start, endIndex);
      if (this.xml || !VOID_ELEMENTS.has(name.toLowerCase())) {
        stack.shift();
        this.handler.onclosetag();
      }
    }
    // htmlparser2 pops its foreign-content flags only on </svg>-like end tags, never on implied
    // closes: bounded here so <svg> opened without end cannot grow it (and its unshift cost) either.
    // Dropping the oldest flags changes nothing until 512 of those end tags have been seen.
    if (foreignContext.length > MAX_TREE_DEPTH) foreignContext.length = MAX_TREE_DEPTH;
    super.onopentagname(start, endIndex);
  }

  override onclosetag(start: number, endIndex: number): void {
    this.stackSteps += (this as unknown as ParserStacks).stack.length;
    super.onclosetag(start, endIndex);
  }
}

/**
 * domhandler's handler, recording the elements of INDEXED_NAMES as they open (elements-by-name.ts)
 * and the templates that declare shadow roots (shadow-roots.ts).
 */
class IndexingDomHandler extends DomHandler {
  readonly byName = new Map<string, Element[]>();
  readonly shadowRoots: Element[] = [];

  override onopentag(name: string, attribs: Record<string, string>): void {
    super.onopentag(name, attribs);
    if (name === 'template' && declaresShadowRoot(name, attribs)) {
      this.shadowRoots.push(this.tagStack[this.tagStack.length - 1] as Element);
      return;
    }
    if (!INDEXED_NAMES.has(name)) return;
    const element = this.tagStack[this.tagStack.length - 1] as Element;
    const named = this.byName.get(name);
    if (named) named.push(element);
    else this.byName.set(name, [element]);
  }
}

/**
 * Parses HTML (or XML) into a domhandler Document whose depth never exceeds MAX_TREE_DEPTH, with
 * the parser's stack work (`stackSteps`) for the bound the tests and the benchmark check.
 */
export function measureMarkupParse(
  text: string,
  options: { xml?: boolean } = {},
): { document: Document; stackSteps: number } {
  const xml = options.xml === true;
  const handler = new IndexingDomHandler(undefined, { xmlMode: xml });
  const parser = new DepthCappedParser(handler, xml);
  parser.end(text);
  if (!xml && handler.shadowRoots.length > 0) {
    composeShadowRoots(handler.shadowRoots);
    // A host's children that no slot takes are not rendered, so they leave the index too.
    for (const [name, elements] of handler.byName) {
      handler.byName.set(
        name,
        elements.filter((element) => isAttached(element, handler.root)),
      );
    }
  }
  recordElementsByName(handler.root, handler.byName);
  return { document: handler.root, stackSteps: parser.stackSteps };
}

function isAttached(node: Element, root: Document): boolean {
  let current: ParentNode | null = node.parent;
  while (current && current !== root) current = current.parent;
  return current === root;
}

/**
 * Cheerio over a depth-capped parse: every parse of markup a caller or a fetched page supplied goes
 * through here, never through cheerio's own `load(string)`.
 */
export function loadMarkup(text: string, options: { xml?: boolean } = {}): CheerioAPI {
  const { document } = measureMarkupParse(text, options);
  return options.xml ? load(document, { xml: true }) : load(document);
}
