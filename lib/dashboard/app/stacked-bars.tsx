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
  /** Unit of the stacked values in the tooltip ("credits", "pages"). */
  unit: string;
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
export function StackedBars({ labels, stacks, line, yLabel, description, unit }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const tip = useRef<HTMLDivElement>(null);
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
      hooks: {
        // The values of the bar under the cursor (or chosen with the arrow keys), in words.
        setCursor: [(u) => showTip(tip.current, u, labels, stacks, line, unit)],
      },
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
    // Arrow keys move from bar to bar, Home and End to the first and last: the tooltip follows.
    let index = -1;
    const onKey = (event: KeyboardEvent) => {
      const last = labels.length - 1;
      const next =
        event.key === 'ArrowRight'
          ? Math.min(last, index + 1)
          : event.key === 'ArrowLeft'
            ? Math.max(0, index < 0 ? last : index - 1)
            : event.key === 'Home'
              ? 0
              : event.key === 'End'
                ? last
                : null;
      if (next === null || last < 0) return;
      event.preventDefault();
      index = next;
      plot.setCursor({ left: plot.valToPos(index, 'x'), top: HEIGHT / 3 });
    };
    const onBlur = () => {
      index = -1;
      if (tip.current) tip.current.hidden = true;
    };
    element.addEventListener('keydown', onKey);
    element.addEventListener('blur', onBlur);
    return () => {
      element.removeEventListener('keydown', onKey);
      element.removeEventListener('blur', onBlur);
      observer.disconnect();
      plot.destroy();
    };
  }, [signature]);

  return (
    <figure class="chart">
      <div class="chart-plot">
        <div
          ref={container}
          role="img"
          aria-label={`${description} Use the arrow keys to read each bar.`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the arrow keys move the tooltip from bar to bar
          tabIndex={0}
        />
        <div ref={tip} class="chart-tip" role="status" hidden />
      </div>
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

function showTip(
  tip: HTMLDivElement | null,
  u: uPlot,
  labels: string[],
  stacks: Series[],
  line: Series | undefined,
  unit: string,
): void {
  if (!tip) return;
  const index = u.cursor.idx;
  if (index === null || index === undefined || index < 0 || index >= labels.length) {
    tip.hidden = true;
    return;
  }
  const rows = stacks
    .filter((series) => (series.values[index] ?? 0) > 0)
    .map((series) => `${series.label}: ${series.values[index]}`);
  const total = stacks.reduce((sum, series) => sum + (series.values[index] ?? 0), 0);
  tip.replaceChildren();
  const heading = document.createElement('strong');
  heading.textContent = `${labels[index]}: ${total} ${unit}`;
  const list = document.createElement('ul');
  for (const text of [...rows, ...(line ? [`${line.label}: ${line.values[index] ?? 0}`] : [])]) {
    const item = document.createElement('li');
    item.textContent = text;
    list.append(item);
  }
  tip.append(heading, list);
  tip.hidden = false;
  const left = Math.min(Math.max(0, (u.cursor.left ?? 0) + 12), Math.max(0, u.width - 160));
  tip.style.left = `${left}px`;
  tip.style.top = '8px';
}

function runningTotals(stacks: Series[]): number[][] {
  const totals: number[][] = [];
  stacks.forEach((series, index) => {
    totals.push(series.values.map((value, i) => value + (index > 0 ? totals[index - 1][i] : 0)));
  });
  return totals;
}
