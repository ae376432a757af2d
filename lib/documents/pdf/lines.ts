/**
 * A PDF page's text items (pdf.js `getTextContent`) grouped into lines and cells by position. pdf.js
 * gives each run of text with its transform: x and y of its baseline in points (origin bottom left),
 * its width, and its font size in the transform's scale. Items stay in content-stream order, which
 * producers write in reading order (two columns stay apart, where sorting by y would interleave them).
 */

export interface PositionedText {
  text: string;
  x: number;
  y: number;
  width: number;
  fontSize: number;
}

export interface TextLine {
  y: number;
  fontSize: number;
  /** Runs of text separated by wide gaps: table cells, or a line's words when nothing is wide. */
  cells: Array<{ text: string; x0: number; x1: number }>;
  /** The line as text, with a space wherever a gap stands for one. */
  text: string;
}

/** pdf.js's text item, the fields read here. */
export interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL?: boolean;
}

export function positioned(items: readonly PdfTextItem[]): PositionedText[] {
  return items.map((item) => ({
    text: item.str,
    x: item.transform[4],
    y: item.transform[5],
    width: item.width,
    fontSize: Math.hypot(item.transform[2], item.transform[3]) || item.height || 1,
  }));
}

/** A gap this wide (in ems) between two runs is more than a word space: a new cell. */
const CELL_GAP_EMS = 0.8;
/** A gap this wide needs a space in the text when neither side has one. */
const WORD_GAP_EMS = 0.15;

export function groupLines(items: readonly PositionedText[]): TextLine[] {
  const lines: TextLine[] = [];
  let current: PositionedText[] = [];
  const flush = () => {
    const visible = current.filter((item) => item.text !== '');
    if (visible.some((item) => item.text.trim() !== '')) lines.push(buildLine(visible));
    current = [];
  };
  for (const item of items) {
    const last = current.at(-1);
    if (last && Math.abs(item.y - last.y) > Math.max(last.fontSize, item.fontSize) * 0.4) flush();
    current.push(item);
  }
  flush();
  return lines;
}

function buildLine(items: PositionedText[]): TextLine {
  const fontSize = Math.max(...items.map((item) => item.fontSize));
  const cells: TextLine['cells'] = [];
  let text = '';
  let previous: PositionedText | null = null;
  for (const item of items) {
    const blank = item.text.trim() === '';
    if (previous) {
      const gap = item.x - (previous.x + previous.width);
      const needsSpace = gap > fontSize * WORD_GAP_EMS && !/\s$/.test(text) && !/^\s/.test(item.text);
      if (needsSpace) text += ' ';
      if (!blank && gap > fontSize * CELL_GAP_EMS) cells.push({ text: '', x0: item.x, x1: item.x });
    }
    text += item.text;
    if (!blank) {
      if (cells.length === 0) cells.push({ text: '', x0: item.x, x1: item.x });
      const cell = cells[cells.length - 1];
      cell.text += (cell.text !== '' && needsGap(cell, item, fontSize) ? ' ' : '') + item.text;
      cell.x1 = item.x + item.width;
    }
    // A blank run (the space item producers put between cells) is a gap, not a position to measure from.
    if (!blank) previous = item;
  }
  for (const cell of cells) cell.text = cell.text.replace(/\s+/g, ' ').trim();
  return { y: items[0].y, fontSize, cells, text: text.replace(/[ \t]+/g, ' ').trim() };
}

function needsGap(cell: { text: string; x1: number }, item: PositionedText, fontSize: number): boolean {
  return item.x - cell.x1 > fontSize * WORD_GAP_EMS && !/\s$/.test(cell.text) && !/^\s/.test(item.text);
}

/** A page's text: lines in stream order, a blank line where the vertical gap says a paragraph ended. */
export function pageText(lines: readonly TextLine[]): string {
  let out = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (i > 0) {
      const step = Math.abs(lines[i - 1].y - line.y);
      out += step > Math.max(lines[i - 1].fontSize, line.fontSize) * 1.9 ? '\n\n' : '\n';
    }
    out += line.text;
  }
  return out;
}
