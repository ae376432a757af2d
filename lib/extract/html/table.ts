import { type Element, HEADING_TAGS, isElement, rawText } from '../../html/dom.js';

/** Rows of a table in order (thead, tbody, tfoot and bare rows), each a list of its cells. */
export function tableRows(table: Element): Element[][] {
  const rows: Element[][] = [];
  const visit = (parent: Element) => {
    for (const child of parent.children) {
      if (!isElement(child)) continue;
      if (child.name === 'tr') {
        rows.push(
          child.children.filter((c): c is Element => isElement(c) && (c.name === 'td' || c.name === 'th')),
        );
      } else if (child.name === 'thead' || child.name === 'tbody' || child.name === 'tfoot') {
        visit(child);
      }
    }
  };
  visit(table);
  return rows;
}

const BLOCK_IN_CELL = new Set([
  'table',
  'ul',
  'ol',
  'blockquote',
  'pre',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
]);

/**
 * A table used for page layout (the 2000s way: nested tables, one column, cells holding whole
 * paragraphs) must not become a markdown table: its cells are rendered as consecutive blocks.
 */
export function isLayoutTable(table: Element, rows: Element[][]): boolean {
  const role = table.attribs.role;
  if (role === 'presentation' || role === 'none') return true;
  if (rows.length === 0) return true;
  let maxColumns = 0;
  for (const row of rows) {
    maxColumns = Math.max(maxColumns, row.length);
    for (const cell of row) {
      if (hasBlockContent(cell)) return true;
    }
  }
  return maxColumns <= 1;
}

function hasBlockContent(cell: Element): boolean {
  let paragraphs = 0;
  const stack: Element[] = [cell];
  while (stack.length > 0) {
    const el = stack.pop()!;
    for (const child of el.children) {
      if (!isElement(child)) continue;
      if (child.name === 'table' || HEADING_TAGS.has(child.name)) return true;
      if (BLOCK_IN_CELL.has(child.name)) paragraphs++;
      stack.push(child);
    }
  }
  if (paragraphs > 2) return true;
  return paragraphs > 0 && rawText(cell).length > 400;
}
