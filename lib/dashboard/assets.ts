import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The dashboard's built files, by name: `index.html` and the hashed script and stylesheet it
 * names. Built by lib/dashboard/build.ts (esbuild, a development dependency): in memory by the dev
 * server, into a folder at synth for the catalog Lambda, which reads them with this module only.
 */
export type DashboardAssets = ReadonlyMap<string, Uint8Array>;

/** Where infra copies the built files beside the catalog bundle (see infra/stack.ts). */
export const DASHBOARD_ASSETS_FOLDER = 'dashboard-assets';

/**
 * The built files beside the running bundle, read once at cold start. A bundle made without them
 * (not through infra/stack.ts) serves no dashboard: /dashboard answers 404 saying so.
 */
export async function readBundledDashboard(): Promise<DashboardAssets> {
  const folder = join(dirname(fileURLToPath(import.meta.url)), DASHBOARD_ASSETS_FOLDER);
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const files = await Promise.all(
    names.map(async (name) => [name, await readFile(join(folder, name))] as const),
  );
  return new Map(files);
}

/** A small mark drawn inline (the page's policy allows data: images), so no request for /favicon.ico. */
const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='6' fill='%230b5cad'/%3E%3Cpath d='M7 10h18M7 16h12M7 22h15' stroke='white' stroke-width='3' stroke-linecap='round'/%3E%3C/svg%3E";

/** The page every dashboard route answers; the hash after /dashboard picks the view. */
export function indexHtml(script: string, stylesheet: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Dashboard · Web Extraction Service</title>
  <link rel="icon" href="${FAVICON}">
  <link rel="stylesheet" href="/dashboard/${stylesheet}">
  <script type="module" src="/dashboard/${script}"></script>
</head>
<body>
  <noscript>The dashboard needs JavaScript. The API itself is described at <a href="/docs">/docs</a>.</noscript>
  <div id="dashboard"></div>
</body>
</html>
`;
}
