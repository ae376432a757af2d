import { z } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../lib/app/create-app.js';
import { toolHandler } from '../../lib/app/lambda.js';
import { defineTool } from '../../lib/tools/define.js';
import { tools } from '../../lib/tools/registry.js';
import { generateClientFiles } from '../../scripts/clients/generate.js';
import type { OpenApiDocument } from '../../scripts/clients/operations.js';
import { httpApiEvent } from '../lambda/api-gateway-event.js';
import { type Harness, startHarness } from '../support/harness.js';

/**
 * The README's "How to add a tool", followed once for a throwaway tool: its folder's definition
 * (step 1), a registry that lists it (step 2), its wiring (step 3) and the generated clients
 * (step 4). If any part of the service needed a step the README does not name, this tool would
 * be missing from it.
 */

// Step 1: what lib/tools/<tool-name>/index.ts would export.
const countLettersTool = defineTool({
  name: 'count_letters',
  kind: 'pages',
  summary: 'How many letters a text has.',
  description: 'Counts the letters (any script) of `text`; a throwaway tool for the README steps.',
  price: 1,
  basePrice: 1,
  pricingNotes: ['1 credit per call.'],
  schema: z.object({
    text: z.string().min(1).max(1000).openapi({ description: 'The text to count.', example: 'Hello' }),
  }),
  example: { text: 'Hello, world' },
  result: z.object({ letters: z.number().int().openapi({ description: 'Letters in `text`.' }) }),
  async run(_ctx, input) {
    return { data: { letters: input.text.match(/\p{L}/gu)?.length ?? 0 } };
  },
});

// Step 2: the registry with its line added.
const registry = [...tools, countLettersTool];

describe('adding a tool, as the README says', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({ tools: registry });
  });
  afterAll(() => harness?.close());

  it('is described, listed and metered once it is in the registry', async () => {
    const described = await harness.call('GET', '/api/v1/tools/count_letters');
    expect(described.status).toBe(200);
    expect(described.body.data.name).toBe('count_letters');

    const listed = await harness.call('GET', '/api/v1/tools');
    expect(listed.body.data.map((tool: { name: string }) => tool.name)).toContain('count_letters');

    const account = await harness.account({ credits: 10 });
    const run = await harness.tool('count_letters', { text: 'Grüße, 42!' }, account.key);
    expect(run.status).toBe(200);
    expect(run.body.data).toEqual({ letters: 5 });
    expect(run.body.credits_used).toBe(1);
    expect(await account.balance()).toBe(9);

    const refused = await harness.tool('count_letters', { text: '' }, account.key);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details[0].field).toBe('text');
    expect(await account.balance()).toBe(9);
  });

  it('is in the OpenAPI document and the generated SDKs and MCP list', async () => {
    const app = createApp({ services: new Promise(() => {}), tools: registry, withDocuments: true });
    const document = (await (await app.request('/openapi.json')).json()) as OpenApiDocument;
    expect(Object.keys(document.paths)).toContain('/api/v1/tools/count_letters');
    // Step 4: what `npm run generate:clients` would write.
    const files = Object.entries(generateClientFiles(document));
    for (const [path, content] of files) expect(content, path).toContain('count_letters');
  });

  it('is served by the Lambda its one-line wiring file makes', async () => {
    // Step 3: functions/tools/count_letters.ts is `export const handler = toolHandler(countLettersTool);`.
    const saved = { ...process.env };
    Object.assign(process.env, { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: 'memory:' });
    delete process.env.REDIS_URL;
    try {
      const handler = toolHandler(countLettersTool);
      const result = await handler(httpApiEvent({ method: 'GET', path: '/api/v1/tools/count_letters' }));
      expect(result.statusCode).toBe(200);
      expect(JSON.parse(result.body).data.name).toBe('count_letters');
    } finally {
      process.env = saved;
    }
  });
});
