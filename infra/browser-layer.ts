import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AssetHashType, DockerImage } from 'aws-cdk-lib';
import { Architecture, Code, LayerVersion } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { LAMBDA_RUNTIME } from './service-function.js';

/**
 * The packages browser tools load at run time and no bundle carries: playwright-core,
 * @sparticuz/chromium (its brotli-packed Chromium for Lambda, x86_64 only) and Apify's fingerprint
 * libraries (which read data files next to their code). The layer is assembled at synth by copying
 * them, with everything they depend on, from the node_modules `npm ci` installed: no Docker, no
 * network, nothing built. Its hash is the packages' versions, so an unchanged lockfile reuses it.
 */

export const BROWSER_LAYER_PACKAGES = [
  'playwright-core',
  '@sparticuz/chromium',
  'fingerprint-generator',
  'fingerprint-injector',
] as const;

export interface BrowserLayerProps {
  projectRoot: string;
}

export class BrowserLayer extends Construct {
  readonly layer: LayerVersion;

  constructor(scope: Construct, id: string, props: BrowserLayerProps) {
    super(scope, id);
    const modules = join(props.projectRoot, 'node_modules');
    const packages = dependencyClosure(modules, BROWSER_LAYER_PACKAGES);
    this.layer = new LayerVersion(this, 'Layer', {
      description: `Browser runtime for the browser tools: ${BROWSER_LAYER_PACKAGES.join(', ')}`,
      compatibleRuntimes: [LAMBDA_RUNTIME],
      compatibleArchitectures: [Architecture.X86_64],
      code: Code.fromAsset(join(props.projectRoot, 'infra'), {
        assetHashType: AssetHashType.CUSTOM,
        assetHash: packages.map(({ name, version }) => `${name}@${version}`).join(','),
        bundling: {
          // Required by the API; never pulled, because the local copy below always succeeds.
          image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22-slim'),
          local: {
            tryBundle(outputDir: string) {
              const target = join(outputDir, 'nodejs', 'node_modules');
              mkdirSync(target, { recursive: true });
              for (const { name } of packages) {
                cpSync(join(modules, name), join(target, name), { recursive: true, dereference: true });
              }
              return true;
            },
          },
        },
      }),
    });
  }
}

/** The named packages and, transitively, every dependency they declare, as installed (hoisted). */
function dependencyClosure(
  modules: string,
  roots: readonly string[],
): Array<{ name: string; version: string }> {
  const found = new Map<string, string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const name = queue.shift() as string;
    if (found.has(name)) continue;
    const manifestPath = join(modules, name, 'package.json');
    if (!existsSync(manifestPath)) {
      if (roots.includes(name)) throw new Error(`${name} is not installed: run npm ci before cdk synth`);
      continue;
    }
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
      version: string;
      dependencies?: Record<string, string>;
    };
    found.set(name, manifest.version);
    queue.push(...Object.keys(manifest.dependencies ?? {}));
  }
  return [...found]
    .map(([name, version]) => ({ name, version }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
