import { parseConfig } from '../../lib/env.js';
import { MemoryStore } from '../../lib/kv/memory-store.js';
import { validateParams } from '../../lib/tools/scrape-template/params.js';
import { createSourceReader } from '../../lib/tools/scrape-template/source-reader.js';
import type { Extraction, SiteTemplate } from '../../lib/tools/scrape-template/template.js';
import type { PlatformServer } from './platform-server.js';

export interface TemplateRun extends Extraction {
  warnings: string[];
}

/**
 * One template on its own, against the platforms on loopback, through the real guarded fetcher
 * (SSRF guard, robots.txt, caps): what the tool runs, without the metered call around it. A
 * connector given a `url` resolves it to params first, as the tool does.
 */
export async function runTemplate(
  server: PlatformServer,
  template: SiteTemplate,
  input: { url?: string; params?: Record<string, unknown>; timeoutMs?: number },
): Promise<TemplateRun> {
  const warnings: string[] = [];
  const env = {
    config: parseConfig({ NODE_ENV: 'test', ...server.env }),
    kv: new MemoryStore(),
    warn: (message: string) => warnings.push(message),
    recordRobotsOverride: async () => {},
  };
  const reader = createSourceReader(env, { timeoutMs: input.timeoutMs ?? 15_000, respectRobots: true });
  const ctx = { reader, warn: env.warn };
  if (template.kind === 'page') {
    if (!input.url) throw new Error('a page template needs a url');
    return { ...(await template.extract(ctx, new URL(input.url))), warnings };
  }
  const fromUrl = input.url && template.fromUrl ? template.fromUrl(new URL(input.url)) : null;
  const params = validateParams(template, { ...fromUrl, ...input.params }, env.warn);
  return { ...(await template.extract(ctx, params)), warnings };
}
