import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MAX_TOOL_BUNDLE_BYTES, toolBundleBudget } from '../../infra/bundling/budget.js';
import { PROJECT_ROOT } from '../../infra/stack.js';
import { tools } from '../../lib/tools/registry.js';
import { summarize } from './stats.js';

const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 7);
const TARGET_LOAD_MS = 180;
/** Browser tools carry the render path and load Chromium from their layer: the targets are for the rest. */
const browserTools = new Set(tools.filter((tool) => tool.browser).map((tool) => tool.name));

/** Wall time of a new Node process, in ms: Lambda's init pays the same parse, compile and module init. */
function processTime(args: string[], cwd: string): number {
  const started = performance.now();
  execFileSync(process.execPath, args, {
    cwd,
    stdio: 'ignore',
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATABASE_DRIVER: 'neon',
      DATABASE_URL: 'postgresql://app:secret@ep-bench-000000.us-east-1.aws.neon.tech/extraction',
    },
  });
  return performance.now() - started;
}

/**
 * Cold start of every function as synthesized: `cdk synth` bundles them as a deployment would, then
 * each bundle is required in a new process (Lambda's Node 22 globals turned on for Node 20), next to
 * `node -e 0` measured in the same run. Load time is what a cold start pays before the first byte.
 */
export async function runColdStartBench(): Promise<void> {
  const outdir = mkdtempSync(join(tmpdir(), 'cold-start-'));
  try {
    execFileSync(
      join(PROJECT_ROOT, 'node_modules/.bin/cdk'),
      ['synth', '--quiet', '--no-notices', '--output', outdir],
      {
        cwd: PROJECT_ROOT,
        stdio: 'ignore',
        // Caches built by this Node, so that this Node can load with them (a deployment builds them
        // only on the Lambda runtime's Node 22: infra/bundling/compile-cache.mjs).
        env: {
          ...process.env,
          CDK_DISABLE_CLI_TELEMETRY: 'true',
          CDK_DEFAULT_REGION: 'us-east-1',
          COMPILE_CACHE: 'always',
        },
      },
    );
    const template = JSON.parse(readFileSync(join(outdir, 'WebExtractionService.template.json'), 'utf8'));
    const globals = process.versions.node.startsWith('20.') ? ['--experimental-websocket'] : [];
    const bare = summarize(Array.from({ length: RUNS }, () => processTime(['-e', '0'], outdir))).p50;
    const rows: {
      name: string;
      bytes: number;
      /** The tool's bundle budget (infra/bundling/budget.ts); other functions have none. */
      budget: number;
      loadMs: number;
      uncachedMs: number;
      browser: boolean;
    }[] = [];
    // biome-ignore lint/suspicious/noExplicitAny: CloudFormation resources
    for (const [id, resource] of Object.entries<any>(template.Resources)) {
      if (resource.Type !== 'AWS::Lambda::Function') continue;
      const folder = join(outdir, resource.Metadata['aws:asset:path']);
      // index.js loads bundle.js through its compile cache; bundle.js required directly compiles it all.
      const load = (file: string) =>
        processTime([...globals, '-e', `require(${JSON.stringify(join(folder, file))})`], folder);
      const cached: number[] = [];
      const uncached: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        cached.push(load('index.js'));
        uncached.push(load('bundle.js'));
      }
      const toolName = String(resource.Properties.Description).split(':')[0];
      rows.push({
        name: id.replace(/Function[0-9A-F]{8}$/, ''),
        bytes: statSync(join(folder, 'bundle.js')).size,
        budget: id.startsWith('Tool') ? toolBundleBudget(toolName) : Number.POSITIVE_INFINITY,
        loadMs: summarize(cached).p50,
        uncachedMs: summarize(uncached).p50,
        browser: browserTools.has(toolName),
      });
    }
    rows.sort((a, b) => b.bytes - a.bytes);
    console.log(`\nCold start: ${rows.length} synthesized bundles, median of ${RUNS} new processes each`);
    console.log(`  node -e 0 (same run): ${bare.toFixed(0)} ms`);
    console.log(
      `  ${'function'.padEnd(34)} ${'KB'.padStart(6)} ${'load ms'.padStart(8)} ${'over bare'.padStart(9)} ${'no cache'.padStart(9)} ${'over bare'.padStart(9)}`,
    );
    for (const row of rows) {
      // The targets are the tools' (each its own function, on the path of a call); the catalog, the
      // monitors and the MCP endpoint have none.
      const isTool = row.name.startsWith('Tool') && !row.browser;
      const flag = isTool && (row.bytes > row.budget || row.loadMs > TARGET_LOAD_MS) ? '  over target' : '';
      console.log(
        `  ${row.name.padEnd(34)} ${(row.bytes / 1024).toFixed(0).padStart(6)} ${row.loadMs.toFixed(0).padStart(8)} ${(row.loadMs - bare).toFixed(0).padStart(9)} ${row.uncachedMs.toFixed(0).padStart(9)} ${(row.uncachedMs - bare).toFixed(0).padStart(9)}${flag}`,
      );
    }
    const tools = rows.filter((row) => row.name.startsWith('Tool') && !row.browser);
    const largest = tools.reduce((most, row) =>
      row.bytes - row.budget > most.bytes - most.budget ? row : most,
    );
    const slowest = Math.max(...tools.map((row) => row.loadMs));
    const worstOverBare = Math.max(...tools.map((row) => row.loadMs - bare));
    const worstUncached = Math.max(...tools.map((row) => row.uncachedMs - bare));
    console.log(
      `  non-browser tools over node -e 0: worst +${worstOverBare.toFixed(0)} ms with the compile cache, ` +
        `+${worstUncached.toFixed(0)} ms without (target <= +100 ms, goal +60 ms)`,
    );
    console.log(
      `  non-browser tools: nearest its size budget ${largest.name} ${(largest.bytes / 1024).toFixed(0)} KB of ` +
        `${(largest.budget / 1024).toFixed(0)} KB (target <= ${MAX_TOOL_BUNDLE_BYTES / 1024} KB, more for the two tools carrying re2js), ` +
        `slowest load ${slowest.toFixed(0)} ms (target <= ${TARGET_LOAD_MS} ms; bare node ${bare.toFixed(0)} ms)`,
    );
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runColdStartBench();
}
