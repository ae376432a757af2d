// Bundles one Lambda entry with esbuild, then copies the files it reads at run time beside it.
// Run by infra/service-function.ts as a child process at synth (CDK's local bundling hook is
// synchronous, and esbuild plugins need its asynchronous API), from the repository root.
// Usage: node infra/bundling/bundle.mjs '{"entry":…,"external":[…],"extraFiles":{…}}' <outdir>
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { BUNDLE_FILE, buildCompileCache, writeLoader } from './compile-cache.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const options = JSON.parse(process.argv[2]);
const outdir = resolve(process.argv[3] ?? '/asset-output');

/** zod (its classic API and its core) re-exports every locale; only English is ever configured. */
const englishOnlyZod = {
  name: 'english-only-zod',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /[\\/]locales[\\/]index\.c?js$|^\.\.\/locales\/index\.js$/ }, (args) =>
      /zod[\\/]v4[\\/](?:classic|core)[\\/]/.test(args.importer)
        ? { path: join(here, 'zod-locales.js') }
        : undefined,
    );
  },
};

await build({
  entryPoints: [options.entry],
  outfile: join(outdir, BUNDLE_FILE),
  bundle: true,
  platform: 'node',
  target: 'node22',
  // CommonJS, not ESM, although our sources are ESM. esbuild cannot make an ESM bundle load an
  // external lazily: `import pg from 'pg'` inside the on-demand driver module would be hoisted to
  // a top-level import, and the function would fail at init looking for packages that are
  // deliberately absent. In CJS those become `require()` calls that run only if that driver is
  // chosen. `import.meta.url` (the migrations folder) is shimmed from `__filename`.
  format: 'cjs',
  minify: true,
  legalComments: 'none',
  banner: { js: "const __importMetaUrl = require('url').pathToFileURL(__filename).href;" },
  define: { 'import.meta.url': '__importMetaUrl' },
  external: options.external,
  plugins: [englishOnlyZod],
  logLevel: 'warning',
});

for (const [from, to] of Object.entries(options.extraFiles ?? {})) {
  mkdirSync(dirname(join(outdir, to)), { recursive: true });
  copyFileSync(from, join(outdir, to));
}

writeLoader(outdir);
// After the extra files: a bundle's init may read them.
buildCompileCache(outdir);
