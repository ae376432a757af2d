import { type Element, isElement } from '../../html/dom.js';

const MIN_HEADER_CELLS = 2;

function firstRow(table: Element): Element | null {
  for (const child of table.children) {
    if (!isElement(child)) continue;
    if (child.name === 'tr') return child;
    if (child.name === 'thead' || child.name === 'tbody') {
      const row = child.children.find((cell): cell is Element => isElement(cell) && cell.name === 'tr');
      if (row) return row;
    }
  }
  return null;
}

/**
 * A table whose first row names its columns (two or more `<th>`): data the author laid out, such as
 * companies and their revenue, each name linked to the company's site. A grid of links drawn as a
 * table for layout has no column names.
 */
export function namesItsColumns(table: Element): boolean {
  const row = firstRow(table);
  if (!row) return false;
  let headers = 0;
  for (const cell of row.children) if (isElement(cell) && cell.name === 'th') headers++;
  return headers >= MIN_HEADER_CELLS;
}
