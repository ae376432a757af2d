import { parse } from 'csv-parse/sync';
import { ApiError } from '../errors/api-error.js';
import { type DocumentTable, MAX_TABLE_ROWS } from './limits.js';

const DELIMITERS = [',', ';', '\t', '|'] as const;

/** The delimiter of a CSV: the candidate seen most often outside quotes on its first line. */
export function detectDelimiter(text: string): string {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/, 1)[0] ?? '';
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  let best: string = ',';
  let bestCount = 0;
  for (const delimiter of DELIMITERS) {
    const count = unquoted.split(delimiter).length - 1;
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

/**
 * A CSV as one table (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes), rows of
 * unequal length padded to the widest, at most 1,000 rows. Unparseable input is 500 TOOL_ERROR.
 */
export function readCsvTable(text: string, notes: string[]): DocumentTable {
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: detectDelimiter(text),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }) as string[][];
  } catch (error) {
    throw new ApiError('TOOL_ERROR', `The CSV could not be parsed: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (records.length > MAX_TABLE_ROWS) {
    notes.push(`The CSV has ${records.length} rows; the first ${MAX_TABLE_ROWS} are in the table`);
  }
  const rows = records.slice(0, MAX_TABLE_ROWS);
  const columns = rows.reduce((widest, row) => Math.max(widest, row.length), 0);
  const data = rows.map((row) =>
    row.length < columns ? [...row, ...new Array(columns - row.length).fill('')] : row,
  );
  return { page: null, rows: data.length, columns, data };
}
