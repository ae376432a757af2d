import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listLocalModelsTool } from '../../lib/tools/list-local-models/index.js';
import type { FakeServer } from '../fakes/fake-http.js';
import { OLLAMA_MODELS, startOllamaFake } from '../fakes/ollama.js';
import { type Harness, startHarness } from '../support/harness.js';
import { expectNotConfigured } from './provider-support.js';

let ollama: FakeServer;
let harness: Harness;
let unconfigured: Harness;
const tools = [listLocalModelsTool];

beforeAll(async () => {
  ollama = await startOllamaFake();
  // Ollama's own form: host:port without a scheme.
  harness = await startHarness({ tools, env: { OLLAMA_HOST: `127.0.0.1:${ollama.port}` } });
  unconfigured = await startHarness({ tools });
});
afterAll(async () => {
  await Promise.all([harness?.close(), unconfigured?.close()]);
  await ollama?.close();
});

describe('list_local_models', () => {
  it("maps Ollama's /api/tags and charges 1", async () => {
    const account = await harness.account({ credits: 100 });
    const res = await harness.tool('list_local_models', {}, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.credits_used).toBe(1);
    expect(res.body.data).toEqual({
      base_url: `http://127.0.0.1:${ollama.port}`,
      count: 2,
      models: OLLAMA_MODELS.map(({ name, size, modified_at, digest }) => ({
        name,
        size,
        modified_at,
        digest,
      })),
    });
  });

  it('fails uncharged with 503 when no runtime is configured or none answers', async () => {
    const none = await unconfigured.account({ credits: 100 });
    expectNotConfigured(await unconfigured.tool('list_local_models', {}, none.key), 'OLLAMA_HOST');
    const closed = await startHarness({ tools, env: { OLLAMA_HOST: '127.0.0.1:9' } });
    try {
      const account = await closed.account({ credits: 100 });
      const res = await closed.tool('list_local_models', {}, account.key);
      expect(res.status, JSON.stringify(res.body)).toBe(503);
      expect(res.body.error.message).toContain('No local model runtime answers at http://127.0.0.1:9');
      expect(await account.balance()).toBe(100);
    } finally {
      await closed.close();
    }
    expect(await none.balance()).toBe(100);
  });
});
