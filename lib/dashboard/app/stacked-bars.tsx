import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface Series {
  label: string;
  color: string;
  values: number[];
}

interface Props {
  /** One label per bar, in order: a day, or a check's start time. */
  labels: string[];
  /** Stacked bottom to top. */
  stacks: Series[];
  /** Drawn as a line on its own right-hand axis (credits over check counts). */
  line?: Series;
  yLabel: string;
  /** What the chart shows, read out in place of the canvas; the table beside it has the numbers. */
  description: string;
}

const HEIGHT = 240;
/** Pages and credits are whole numbers: no tick at 0.2. */
const COUNT_STEPS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 1_000_000,
];

/**
 * Stacked bars with uPlot (about 20 KB gzipped). uPlot draws bars from zero, so each series is
 * drawn at its running total, tallest first, and the shorter ones paint over it: a stack. The x
 * axis is ordinal (one slot per bar) so that two checks a second apart still get a bar each.
 */
export function StackedBars({ labels, stacks, line, yLabel, description }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const signature = JSON.stringify([labels, stacks, line, yLabel]);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const totals = runningTotals(stacks);
    const drawOrder = stacks.map((series, index) => ({ series, totals: totals[index] })).reverse();
    const x = labels.map((_, index) => index);
    // A zero-high bar would still draw a hairline on the axis: nothing is drawn for it instead.
    const data: uPlot.AlignedData = [
      x,
      ...drawOrder.map((entry) => entry.totals.map((total) => (total === 0 ? null : total))),
      ...(line ? [line.values] : []),
    ];
    const bars = uPlot.paths.bars?.({ size: [0.7, 48] });
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 200),
      height: HEIGHT,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: {
        x: { time: false, range: () => [-0.5, Math.max(labels.length, 1) - 0.5] },
        y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
        line: { range: (_u, _min, max) => [0, Math.max(1, max)] },
      },
      axes: [
        {
          // Room for the longest label (about 7 px a character), so labels never overlap.
          space: Math.max(0, ...labels.map((label) => label.length)) * 7 + 20,
          incrs: [1, 2, 3, 5, 7, 10, 14, 20, 30, 50, 100],
          values: (_u, splits) =>
            splits.map((split) => (Number.isInteger(split) ? (labels[split] ?? '') : '')),
        },
        { label: yLabel, size: 50, incrs: COUNT_STEPS },
        ...(line
          ? [
              {
                scale: 'line',
                side: 1,
                label: line.label,
                size: 50,
                incrs: COUNT_STEPS,
                grid: { show: false },
              },
            ]
          : []),
      ],
      series: [
        {},
        ...drawOrder.map(({ series }) => ({
          label: series.label,
          fill: series.color,
          stroke: series.color,
          width: 0,
          paths: bars,
          points: { show: false },
        })),
        ...(line ? [{ label: line.label, scale: 'line', stroke: line.color, width: 2 }] : []),
      ],
    };
    const plot = new uPlot(options, data, element);
    const observer = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT }),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [signature]);

  return (
    <figure class="chart">
      <div ref={container} role="img" aria-label={description} />
      <figcaption>
        <ul class="legend">
          {[...stacks, ...(line ? [line] : [])].map((series) => (
            <li key={series.label}>
              <span
                class={series === line ? 'swatch swatch-line' : 'swatch'}
                style={{ background: series.color }}
                aria-hidden="true"
              />
              {series.label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

function runningTotals(stacks: Series[]): number[][] {
  const totals: number[][] = [];
  stacks.forEach((series, index) => {
    totals.push(series.values.map((value, i) => value + (index > 0 ? totals[index - 1][i] : 0)));
  });
  return totals;
}

/** Okabe–Ito: told apart by readers with any common colour-vision deficiency. */
export const PALETTE = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#56B4E9',
  '#D55E00',
  '#F0E442',
  '#000000',
];
