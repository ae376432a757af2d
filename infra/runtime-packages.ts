import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The files of packages a function loads at run time from beside its bundle (a tool's
 * `runtimePackages`), as `extraFiles`: `node_modules/<name>/…` in the repository → the same path in
 * the bundle folder, where Node's resolution from `/var/task/index.js` finds them. Type
 * declarations and docs stay behind. A package with dependencies of its own would need those too,
 * so it is refused at synth rather than failing at run time.
 */
export function runtimePackageFiles(
  projectRoot: string,
  packages: readonly string[],
): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of packages) {
    const folder = `node_modules/${name}`;
    const manifest = JSON.parse(readFileSync(join(projectRoot, folder, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    if (Object.keys(manifest.dependencies ?? {}).length > 0) {
      throw new Error(
        `${name} has dependencies of its own; ship them too before listing it in runtimePackages`,
      );
    }
    for (const file of readdirSync(join(projectRoot, folder), { recursive: true, encoding: 'utf8' })) {
      if (!/\.(c?js|mjs|json)$/.test(file) || /\.d\.[cm]?ts$/.test(file) || file.includes('node_modules'))
        continue;
      files[`${folder}/${file}`] = `${folder}/${file}`;
    }
  }
  return files;
}
