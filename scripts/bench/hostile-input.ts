import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseDocument } from 'htmlparser2';
import { SelectorError, selectAll } from '../../lib/extract/selector.js';
import { loadMarkup, measureMarkupParse } from '../../lib/html/markup-parser.js';
import { compileLinearPattern } from '../../lib/safe-regex.js';

const LARGE_PAGE = fileURLToPath(new URL('../../test/fixtures/corpus/', import.meta.url));
const HOSTILE_BYTES = 1_000_000;

/** Markup shaped to grow a parser's open-element stack, each about HOSTILE_BYTES long. */
function hostileShapes(): Record<string, string> {
  const fill = (unit: string) => unit.repeat(Math.ceil(HOSTILE_BYTES / unit.length));
  return {
    'unclosed <div>s': fill('<div>'),
    'unclosed <div>s + stray </span>s': `${fill('<div>').slice(0, HOSTILE_BYTES / 2)}${fill('</span>').slice(0, HOSTILE_BYTES / 2)}`,
    'nested <svg><g>': fill('<svg><g>'),
    'tables in cells': fill('<table><tr><td>'),
    '50,000 attributes': `<div ${Array.from({ length: 50_000 }, (_, i) => `data-a${i}="v"`).join(' ')}>`,
    'unterminated comment': `<!--${'-'.repeat(HOSTILE_BYTES)}`,
  };
}

function timeMs(run: () => void, runs = 3): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

const mbPerSecond = (bytes: number, ms: number) => bytes / 1024 / 1024 / (ms / 1000);

/**
 * Hostile markup against an ordinary page of the corpus, both through our depth-capped parse: the
 * ratio says how much slower per byte an attacker's page is. Uncapped htmlparser2 on a fifth of the
 * deep input shows what the cap removed (its cost grows with the square of the depth).
 */
function runParseBench(): void {
  const manifest = JSON.parse(readFileSync(`${LARGE_PAGE}manifest.json`, 'utf8')) as { file: string }[];
  const large = readFileSync(
    `${LARGE_PAGE}${manifest.find((e) => e.file.startsWith('large/'))!.file}`,
    'utf8',
  );
  const normalMs = timeMs(() => measureMarkupParse(large));
  const normal = mbPerSecond(large.length, normalMs);
  console.log(
    `  ordinary page (${(large.length / 1e6).toFixed(1)} MB): ${normal.toFixed(1)} MB/s (baseline)`,
  );
  for (const [shape, html] of Object.entries(hostileShapes())) {
    let steps = 0;
    const ms = timeMs(() => {
      steps = measureMarkupParse(html).stackSteps;
    });
    const rate = mbPerSecond(html.length, ms);
    const tags = html.split('<').length - 1;
    console.log(
      `  ${shape.padEnd(34)} ${(html.length / 1e6).toFixed(1)} MB  ${ms.toFixed(0).padStart(5)} ms  ${rate.toFixed(1).padStart(6)} MB/s  x${(normal / rate).toFixed(2)} slower per byte  ${(steps / Math.max(tags, 1)).toFixed(0)} stack steps/tag`,
    );
  }
  const deep = '<div>'.repeat(40_000);
  const uncappedMs = timeMs(() => parseDocument(deep), 1);
  const cappedMs = timeMs(() => measureMarkupParse(deep));
  console.log(
    `  40,000 unclosed <div>s (200 KB): uncapped htmlparser2 ${uncappedMs.toFixed(0)} ms, capped ${cappedMs.toFixed(0)} ms (x${(uncappedMs / cappedMs).toFixed(0)})`,
  );
}

/**
 * A caller's `^(a+)+$` against a's and a b: V8's backtracking engine (the baseline, kept short: it
 * doubles per character) beside the linear-time engine the JSON Schema tools now use.
 */
function runPatternBench(): void {
  const pattern = '^(a+)+$';
  for (const n of [18, 20, 22]) {
    const text = `${'a'.repeat(n)}b`;
    const ms = timeMs(() => new RegExp(pattern, 'u').test(text), 1);
    console.log(`  ${pattern} on ${n + 1} chars: backtracking ${ms.toFixed(1)} ms`);
  }
  const linear = compileLinearPattern(pattern);
  for (const n of [22, 10_000, 1_000_000]) {
    const text = `${'a'.repeat(n)}b`;
    const ms = timeMs(() => linear.test(text));
    console.log(`  ${pattern} on ${n + 1} chars: linear ${ms.toFixed(1)} ms`);
  }
}

/**
 * Selections a caller can send, on a page at the depth limit, beside an ordinary selector on the
 * large corpus page. A chain the page makes explode stops at the step budget (`too_costly`).
 */
function runSelectorBench(): void {
  const deep = loadMarkup(`${'<div>'.repeat(510)}<p>bottom</p>`);
  const manifest = JSON.parse(readFileSync(`${LARGE_PAGE}manifest.json`, 'utf8')) as { file: string }[];
  const large = loadMarkup(
    readFileSync(`${LARGE_PAGE}${manifest.find((e) => e.file.startsWith('large/'))!.file}`, 'utf8'),
  );
  const baseline = timeMs(() => selectAll(large, 'div p a'));
  console.log(`  'div p a' on the 4 MB corpus page: ${baseline.toFixed(1)} ms (baseline)`);
  console.log(
    `  'div:has(p)' on a 510-deep page: ${timeMs(() => selectAll(deep, 'div:has(p)')).toFixed(1)} ms`,
  );
  const exploding = timeMs(() => {
    try {
      selectAll(deep, '.x div div div div div div div');
    } catch (error) {
      if (!(error instanceof SelectorError)) throw error;
    }
  });
  console.log(
    `  '.x div div div div div div div' on it: stopped after ${exploding.toFixed(1)} ms (too_costly)`,
  );
}

/** `npm run bench` part: work one hostile request can cause, against ordinary input in the same run. */
export function runHostileInputBench(): void {
  console.log('\nHostile input');
  runParseBench();
  runSelectorBench();
  runPatternBench();
}
