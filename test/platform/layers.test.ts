import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layer rules the code is built on, read off the import graph of the source text. Each rule
 * says which files it governs, which imports it forbids, and why; a failure lists every offending
 * import as `file → target`.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.test.ts'))
    .map((file) => join(folder, file));
}

const runtimeFiles = [...sourceFiles('lib'), ...sourceFiles('functions')];

/** A relative specifier as a path from the repository root (`.js` read as the `.ts`/`.tsx` file). */
function resolved(file: string, specifier: string): string {
  const target = relative(root, resolve(root, dirname(file), specifier));
  if (!target.endsWith('.js')) return target;
  const tsx = target.replace(/\.js$/, '.tsx');
  return existsSync(join(root, tsx)) ? tsx : target.replace(/\.js$/, '.ts');
}

const importCache = new Map<string, string[]>();

/** Every import of `file` (static, type-only, re-export, dynamic): repository paths and package names. */
function importsOf(file: string): string[] {
  const cached = importCache.get(file);
  if (cached) return cached;
  const text = readFileSync(join(root, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => m[1]);
  const imports = specifiers.map((specifier) =>
    specifier.startsWith('.') ? resolved(file, specifier) : specifier,
  );
  importCache.set(file, imports);
  return imports;
}

/** Whether `target` is `prefix` itself, a file under the folder `prefix/`, or a package subpath. */
function under(target: string, prefix: string): boolean {
  return target === prefix || target.startsWith(`${prefix}/`) || target === `${prefix}.ts`;
}

interface LayerRule {
  rule: string;
  why: string;
  files: string[];
  forbids: (target: string, file: string) => boolean;
}

const anyOf =
  (...prefixes: string[]) =>
  (target: string) =>
    prefixes.some((prefix) => under(target, prefix));

const toolFolder = (path: string) => /^lib\/tools\/([^/]+)\//.exec(path)?.[1] ?? null;

const RULES: LayerRule[] = [
  {
    rule: 'tools hold no SQL',
    why: 'storage lives in the domain folders (lib/results, lib/ledger, lib/db): a tool calls their verbs, so every query is written, indexed and tested in one place',
    files: sourceFiles('lib/tools'),
    forbids: anyOf('drizzle-orm', 'pg', '@neondatabase/serverless', 'lib/db/schema', 'lib/db/rows.ts'),
  },
  {
    rule: 'tools hold no HTTP',
    why: 'the app layer (routes, middleware, the Lambda adapter) serves the tools; a tool that knew it would drag the whole chain into its bundle and could not be run outside a request',
    files: sourceFiles('lib/tools'),
    forbids: anyOf('lib/app', 'hono', '@hono/node-server'),
  },
  {
    rule: 'tools never touch the ledger',
    why: 'the metered call holds, settles and withdraws around every tool; a tool only returns the credits it used',
    files: sourceFiles('lib/tools'),
    forbids: anyOf('lib/ledger'),
  },
  {
    rule: 'a tool folder holds one tool',
    why: 'what several tools share lives in a domain folder below the tools (or lib/tools/shared), so no tool is a library of another',
    files: sourceFiles('lib/tools'),
    forbids: (target, file) => {
      const from = toolFolder(file);
      const to = toolFolder(target);
      return from !== null && to !== null && to !== 'shared' && from !== to;
    },
  },
  {
    rule: 'monitors know no HTTP shell',
    why: 'the sweeper and the check worker are Lambdas of their own; the monitors API routes (lib/app/monitors) call into lib/monitors, never the reverse',
    files: sourceFiles('lib/monitors'),
    forbids: anyOf('lib/app', 'hono', '@hono/node-server'),
  },
  {
    rule: 'monitors run no tool',
    why: 'a monitor check is not a metered tool call: it shares the change-detection core and the fetcher with track_changes, not the tool',
    files: sourceFiles('lib/monitors'),
    forbids: (target) => under(target, 'lib/tools') && !under(target, 'lib/tools/shared'),
  },
  {
    rule: 'the services bag is a leaf',
    why: 'every tool and route imports lib/services.ts; it names types only, so no import leads from it back to itself and no tool bundle carries what the bag merely names',
    files: ['lib/services.ts'],
    forbids: (target) => target.startsWith('lib/') && !typeOnlyImportsOf('lib/services.ts').has(target),
  },
  {
    rule: 'the fetcher does not parse pages with the extractor',
    why: 'the fetch gate reads pages through lib/html (parse and DOM helpers), so a fetch-only bundle carries no extraction code',
    files: sourceFiles('lib/fetch'),
    forbids: anyOf('lib/extract', 'lib/tools', 'lib/app'),
  },
  {
    rule: 'extraction never fetches',
    why: 'extraction is a pure function of a body already read: every fetch goes through the guard (SSRF, robots, limits) in lib/fetch, called by the tool',
    files: sourceFiles('lib/extract'),
    forbids: (target) =>
      (under(target, 'lib/fetch') && !under(target, 'lib/fetch/types.ts')) ||
      anyOf('lib/browser', 'lib/tools', 'lib/app', 'undici', 'node:http', 'node:https', 'node:net')(target),
  },
  {
    rule: 'the data layer knows no HTTP',
    why: 'storage, keys, accounts and the ledger are used by the API, the monitors and scripts alike',
    files: ['lib/db', 'lib/kv', 'lib/ledger', 'lib/auth', 'lib/results'].flatMap(sourceFiles),
    forbids: anyOf('lib/app', 'lib/tools', 'hono', '@hono/node-server', '@hono/zod-openapi'),
  },
  {
    rule: 'providers and the browser tier know no tool',
    why: 'a provider adapter or the browser tier serves several tools; knowing one would tie its bundle to that tool',
    files: [...sourceFiles('lib/providers'), ...sourceFiles('lib/browser')],
    forbids: anyOf('lib/tools', 'lib/app'),
  },
  {
    rule: 'runtime code never imports the CDK or scripts',
    why: 'infra/ and scripts/ run on a developer machine or in CI; a Lambda bundle that reached them would carry the CDK',
    files: runtimeFiles,
    forbids: anyOf('aws-cdk-lib', 'constructs', 'aws-cdk', 'infra', 'scripts', 'test'),
  },
  {
    rule: 'the dashboard reads the API only',
    why: 'it is a static page in the browser: it knows the service through its HTTP API and the generated client types, nothing of the server',
    files: sourceFiles('lib/dashboard/app'),
    forbids: (target) =>
      target.startsWith('lib/')
        ? !under(target, 'lib/dashboard/app')
        : /^(infra|scripts|functions)\//.test(target),
  },
  {
    rule: 'the layers below the app do not import it',
    why: 'the app layer (HTTP, middleware, Lambda adapter) sits on top; what it serves must not know it, or every bundle drags the whole chain in and the layers cannot be tested apart',
    files: ['lib/tools', 'lib/fetch', 'lib/extract', 'lib/html', 'lib/ledger', 'lib/auth', 'lib/db', 'lib/kv']
      .flatMap(sourceFiles)
      .concat('lib/services.ts', 'lib/open-services.ts'),
    forbids: anyOf('lib/app'),
  },
];

/** The repository paths `file` imports with `import type` only. */
function typeOnlyImportsOf(file: string): Set<string> {
  const text = readFileSync(join(root, file), 'utf8');
  return new Set(
    [...text.matchAll(/import type \{[^}]*\} from '(\.{1,2}\/[^']+)'/g)].map((m) => resolved(file, m[1])),
  );
}

function offending(rule: LayerRule): string[] {
  return rule.files.flatMap((file) =>
    importsOf(file)
      .filter((target) => rule.forbids(target, file))
      .map((target) => `${file} → ${target}`),
  );
}

/** Strongly connected groups of more than one file: import circles. */
function importCircles(files: string[]): string[][] {
  const known = new Set(files);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of importsOf(file)) {
      if (!known.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      if (group.length > 1) circles.push(group.sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return circles;
}

describe('layers', () => {
  for (const rule of RULES) {
    it(rule.rule, () => {
      expect(rule.files.length, `${rule.rule}: the rule governs no file`).toBeGreaterThan(0);
      expect(offending(rule), `${rule.rule}, because ${rule.why}`).toEqual([]);
    });
  }

  it('no import circles', () => {
    expect(
      importCircles(runtimeFiles),
      'no import circles, because a circle makes load order matter and every file in it travels with any one of them; break it with a small type leaf',
    ).toEqual([]);
  });

  it('reads the import graph it judges', () => {
    // A regex that stopped matching would pass every rule above without checking anything.
    expect(importsOf('lib/app/create-app.ts')).toContain('lib/app/metered-call.ts');
    expect(importsOf('lib/app/create-app.ts')).toContain('@hono/zod-openapi');
    expect(importsOf('lib/db/client.ts')).toContain('lib/db/drivers/pglite.ts');
    expect(typeOnlyImportsOf('lib/services.ts')).toContain('lib/browser/tier.ts');
    const circle = importCircles(['lib/fetch/robots/parse.ts', 'lib/fetch/robots/match.ts']);
    expect(circle).toEqual([]);
  });
});
