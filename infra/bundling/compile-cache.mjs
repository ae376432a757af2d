// A V8 code cache for each function's bundle, built at synth, so a cold start deserialises the
// bytecode its module init needs instead of compiling a megabyte of JavaScript (measured on a
// tool bundle: about a third of its load over bare `node -e 0`).
//
// Why `vm.Script` cached data and not Node 22's `module.enableCompileCache`: that cache is keyed
// by the module's absolute path, and Node 22 has no portable mode (it came in Node 24.12), so a
// cache built in the synth folder is never found under /var/task; and /var/task is read-only, so
// Lambda could not write one either. Cached data handed to `vm.Script` is keyed by nothing but the
// source, works the same on Node 20 and 22, and V8 rejects it (compiling as usual) when it was made
// by another V8 version or with other flags, so a stale or foreign cache costs a file read.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** esbuild's output; `index.js` becomes the loader, so the functions' `index.handler` is unchanged. */
export const BUNDLE_FILE = 'bundle.js';
const CACHE_FILE = 'bundle.js.cache';
/** The Lambda runtime's Node major (Runtime.NODEJS_22_X in infra/service-function.ts). */
const LAMBDA_NODE_MAJOR = 22;

const LOADER = `"use strict";
// Loads ${BUNDLE_FILE} through V8's code cache built at synth (infra/bundling/compile-cache.mjs).
const { readFileSync, writeFileSync } = require("node:fs");
const { join } = require("node:path");
const { Script } = require("node:vm");
const Module = require("node:module");
const filename = join(__dirname, ${JSON.stringify(BUNDLE_FILE)});
const cacheFile = join(__dirname, ${JSON.stringify(CACHE_FILE)});
let cachedData;
try { cachedData = readFileSync(cacheFile); } catch {}
const script = new Script(Module.wrap(readFileSync(filename, "utf8")), { filename, cachedData });
const bundle = { exports: {} };
script.runInThisContext().call(bundle.exports, bundle.exports, Module.createRequire(filename), bundle, filename, __dirname);
// At synth only: the cache is made after the module's init ran, so it holds what init compiled.
if (process.env.WRITE_COMPILE_CACHE === "1") writeFileSync(cacheFile, script.createCachedData());
module.exports = bundle.exports;
`;

export function writeLoader(outdir) {
  writeFileSync(join(outdir, 'index.js'), LOADER);
}

/**
 * Loads the bundle once in a new process with production settings and writes the cache it compiled.
 * Only with the Lambda runtime's Node (a cache from another V8 would only be rejected there), or
 * when COMPILE_CACHE=always (the cold-start benchmark, which loads the bundles with this Node).
 * A bundle whose init fails here gets no cache: the function still loads, just without it.
 */
export function buildCompileCache(outdir) {
  const major = Number(process.versions.node.split('.')[0]);
  if (major !== LAMBDA_NODE_MAJOR && process.env.COMPILE_CACHE !== 'always') return;
  // Lambda's Node 22 has a global WebSocket; Node 20 has it behind a flag.
  const flags = major === 20 ? ['--experimental-websocket'] : [];
  try {
    execFileSync(process.execPath, [...flags, '-e', 'require("./index.js"); process.exit(0)'], {
      cwd: outdir,
      stdio: 'ignore',
      timeout: 30_000,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        DATABASE_DRIVER: 'neon',
        DATABASE_URL: 'postgresql://synth:synth@ep-synth-000000.us-east-1.aws.neon.tech/synth',
        WRITE_COMPILE_CACHE: '1',
      },
    });
  } catch (error) {
    console.warn(`no compile cache for ${outdir}: its bundle did not load at synth (${error.message})`);
  }
}
