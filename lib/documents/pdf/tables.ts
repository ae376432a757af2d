import { type DocumentTable, MAX_TABLE_ROWS } from '../limits.js';
import type { TextLine } from './lines.js';

/**
 * Tables found from text positions alone (a PDF has no table markup): consecutive lines of two or
 * more cells whose cells fall into the same columns. Columns are the spans that cells' horizontal
 * extents cover when merged across the rows, so a centred header and left-aligned figures below it
 * still share a column. A line whose two cells land in one column, or a single-cell line, ends the
 * table. Cells that wrap onto a second line, and tables drawn with no gap between columns, are not
 * recognised: what is returned is what the positions prove.
 */

/** Columns closer than this (in ems) are one column. */
const COLUMN_TOLERANCE_EMS = 0.3;
/** A vertical step larger than this (in ems) between rows ends the table. */
const MAX_ROW_STEP_EMS = 3.5;

export function findTables(lines: readonly TextLine[], page: number): DocumentTable[] {
  const tables: DocumentTable[] = [];
  let block: TextLine[] = [];
  const close = () => {
    const table = block.length >= 2 ? tableOf(block, page) : null;
    if (table) tables.push(table);
    block = [];
  };
  for (const line of lines) {
    const previous = block.at(-1);
    const tooFar = previous && Math.abs(previous.y - line.y) > line.fontSize * MAX_ROW_STEP_EMS;
    if (line.cells.length < 2 || tooFar) close();
    if (line.cells.length >= 2) block.push(line);
  }
  close();
  return tables;
}

function tableOf(rows: TextLine[], page: number): DocumentTable | null {
  const tolerance = rows[0].fontSize * COLUMN_TOLERANCE_EMS;
  const spans = columnSpans(rows, tolerance);
  if (spans.length < 2) return null;
  const data: string[][] = [];
  for (const row of rows) {
    const cells = new Array<string>(spans.length).fill('');
    for (const cell of row.cells) {
      const column = spans.findIndex(
        (span) => cell.x0 < span.x1 + tolerance && cell.x1 > span.x0 - tolerance,
      );
      // Two cells in one column: not the same grid, so the positions do not prove a table.
      if (column === -1 || cells[column] !== '') return null;
      cells[column] = cell.text;
    }
    data.push(cells);
  }
  return { page, rows: data.length, columns: spans.length, data };
}

function columnSpans(rows: TextLine[], tolerance: number): Array<{ x0: number; x1: number }> {
  const extents = rows.flatMap((row) => row.cells.map((cell) => ({ x0: cell.x0, x1: cell.x1 })));
  extents.sort((a, b) => a.x0 - b.x0);
  const spans: Array<{ x0: number; x1: number }> = [];
  for (const extent of extents) {
    const last = spans.at(-1);
    if (last && extent.x0 <= last.x1 + tolerance) last.x1 = Math.max(last.x1, extent.x1);
    else spans.push({ ...extent });
  }
  return spans;
}

/** At most 1,000 rows of a table, with a note when more were found. */
export function capTableRows(table: DocumentTable, notes: string[]): DocumentTable {
  if (table.rows <= MAX_TABLE_ROWS) return table;
  notes.push(
    `A table on page ${table.page} has ${table.rows} rows; the first ${MAX_TABLE_ROWS} are returned`,
  );
  const data = table.data.slice(0, MAX_TABLE_ROWS);
  return { ...table, rows: data.length, data };
}
