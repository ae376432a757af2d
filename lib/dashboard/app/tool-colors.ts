/**
 * Ten colours that stay apart for readers with common colour-vision deficiencies (Okabe–Ito and
 * Paul Tol's muted scheme, yellow and black left out for contrast on white). Past ten tools the
 * tail is drawn as one grey "other": an eleventh hue would repeat one of the ten.
 */
export const TOOL_PALETTE = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#56B4E9',
  '#D55E00',
  '#882255',
  '#117733',
  '#999933',
  '#332288',
];
export const OTHER_COLOR = '#8c8c8c';
export const OTHER_LABEL = 'other tools';

/**
 * Colour per tool, the biggest spenders first: the same tool keeps its colour in the chart, the
 * per-tool table and the per-day table of one view.
 */
export function toolColors(toolsByCredits: string[]): {
  colorOf: (tool: string) => string;
  named: string[];
  others: string[];
} {
  const named = toolsByCredits.slice(0, TOOL_PALETTE.length);
  const others = toolsByCredits.slice(TOOL_PALETTE.length);
  const colors = new Map(named.map((tool, index) => [tool, TOOL_PALETTE[index] as string]));
  return { colorOf: (tool) => colors.get(tool) ?? OTHER_COLOR, named, others };
}
