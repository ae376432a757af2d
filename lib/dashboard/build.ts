import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { type DashboardAssets, indexHtml } from './assets.js';

const ENTRY = fileURLToPath(new URL('./app/main.tsx', import.meta.url));

/**
 * Builds the single-page app from lib/dashboard/app with esbuild: one minified script and one
 * stylesheet, named by content hash so a browser may keep them for a year, and the index page
 * naming them. Synchronous (about 100 ms) because CDK's synth is: the dev server runs it at start,
 * infra/stack.ts at synth; nothing built is committed.
 */
export function buildDashboard(): DashboardAssets {
  const result = buildSync({
    entryPoints: { app: ENTRY },
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2022', 'chrome111', 'firefox111', 'safari16'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    entryNames: '[name]-[hash]',
    outdir: 'dashboard',
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const files = new Map<string, Uint8Array>();
  for (const file of result.outputFiles) files.set(basename(file.path), file.contents);
  const names = [...files.keys()];
  const script = names.find((name) => name.endsWith('.js'));
  const stylesheet = names.find((name) => name.endsWith('.css'));
  if (!script || !stylesheet) throw new Error(`dashboard build made ${names.join(', ')}`);
  files.set('index.html', new TextEncoder().encode(indexHtml(script, stylesheet)));
  return files;
}

/**
 * Builds into `folder` and returns the file names. Each file is written whole and renamed into
 * place: synths running side by side (the infra tests) then never copy a half-written file, and
 * the hashed names of equal builds are equal bytes.
 */
export function writeDashboard(folder: string): string[] {
  mkdirSync(folder, { recursive: true });
  const assets = buildDashboard();
  for (const [name, bytes] of assets) {
    const partial = join(folder, `.${name}.${process.pid}.partial`);
    writeFileSync(partial, bytes);
    renameSync(partial, join(folder, name));
  }
  return [...assets.keys()];
}
