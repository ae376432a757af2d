import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../lib/env.js';
import { tools } from '../../lib/tools/registry.js';
import { type RunningFakes, startFakes } from '../../scripts/fakes.js';
import { type Harness, startHarness } from '../support/harness.js';

let fakes: RunningFakes;
let harness: Harness;

beforeAll(async () => {
  fakes = await startFakes(0);
  harness = await startHarness({ tools, env: fakes.env });
});
afterAll(async () => {
  await harness?.close();
  await fakes?.close();
});

/** `npm run fakes` as a newcomer uses it: every provider tool answers through the fakes it starts. */
describe('npm run fakes', () => {
  it('prints variables the configuration accepts, one per provider setting', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/fakes.ts'], {
      env: { ...process.env, FAKES_FIRST_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no output:\n${output}`)), 20_000);
        child.stdout.on('data', () => {
          if (output.includes('Ctrl-C')) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
    } finally {
      child.kill('SIGTERM');
    }
    const printed = Object.fromEntries(
      [...output.matchAll(/^export ([A-Z_]+)='([^']*)'$/gm)].map(([, name, value]) => [name, value]),
    );
    expect(Object.keys(printed)).toEqual(Object.keys(fakes.env));
    const config = parseConfig({ ...printed, NODE_ENV: 'development' });
    expect(config.SEARXNG_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(config.OPENAI_API_KEY).toBe(fakes.env.OPENAI_API_KEY);
  });

  it.each([
    ['search_web', { query: 'retry after', limit: 3 }],
    ['serp_rank', { keyword: 'widgets', target: 'example.com' }],
    ['forum_search', { subreddit: 'rust', query: 'tokio' }],
    ['deep_research', { research_query: 'How do clients handle Retry-After?', max_sources: 3 }],
    ['agent', { prompt: 'How do HTTP clients handle the Retry-After header?', maxUrls: 2 }],
    [
      'extract_with_llm',
      {
        content: 'name: Widget\nprice: 12',
        prompt: 'Extract',
        schema: { type: 'object', properties: { name: { type: 'string' } } },
      },
    ],
    ['list_local_models', {}],
    [
      'extract_structured',
      {
        url: 'http://research.test/products/widget-pro',
        schema: { type: 'object', properties: { name: { type: 'string' } } },
      },
    ],
  ])('%s answers 200 through them', async (name, body) => {
    const account = await harness.account({ credits: 100 });
    const res = await harness.tool(name, body, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('lets research tools read the fixture site the search results lead with', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await harness.tool(
      'deep_research',
      { research_query: 'How do clients handle Retry-After?', max_sources: 2 },
      account.key,
    );
    expect(res.body.data.sources.map((source: { fetched: boolean }) => source.fetched)).toEqual([true, true]);
  });
});
