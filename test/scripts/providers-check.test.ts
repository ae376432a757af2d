import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../lib/env.js';
import { checkProviders, type ProviderCheck } from '../../lib/providers/check/check-providers.js';
import { type RunningFakes, startFakes } from '../../scripts/fakes.js';
import { formatChecks } from '../../scripts/providers-check.js';

let fakes: RunningFakes;
let closedPort: number;
let silent: Server;

beforeAll(async () => {
  fakes = await startFakes(0);
  // A port nothing listens on, and a server that accepts and never answers.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  silent = createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  silent?.closeAllConnections();
  await new Promise<void>((resolve) => (silent ? silent.close(() => resolve()) : resolve()));
  await fakes?.close();
});

const config = (extra: Record<string, string> = {}) =>
  parseConfig({ ...fakes.env, PROVIDER_TIMEOUT_MS: '1500', ...extra, NODE_ENV: 'development' });
const byName = (checks: ProviderCheck[]) =>
  Object.fromEntries(checks.map((check) => [check.provider, check]));
const secrets = () => [
  fakes.env.BRAVE_SEARCH_API_KEY,
  fakes.env.DATAFORSEO_LOGIN,
  fakes.env.DATAFORSEO_PASSWORD,
  fakes.env.OPENAI_API_KEY,
  fakes.env.ANTHROPIC_API_KEY,
];

function expectNoSecrets(text: string, more: string[] = []) {
  for (const secret of [...secrets(), ...more]) expect(text).not.toContain(secret);
}

describe('npm run providers:check', () => {
  it('reaches every provider of `npm run fakes` with one cheap call each, with their limit headers', async () => {
    const checks = byName(await checkProviders(config()));
    for (const check of Object.values(checks)) {
      expect(check, check.provider).toMatchObject({
        configured: true,
        reachable: true,
        ok: true,
        error: null,
      });
      expect(check.latencyMs).toBeGreaterThanOrEqual(0);
    }
    expect(checks.SearXNG.detail).toBe('20 results for "weather"');
    expect(checks['Brave Search'].limits).toMatchObject({
      'x-ratelimit-limit': '1, 15000',
      'x-ratelimit-remaining': '0, 14873',
    });
    expect(checks.DataForSEO.detail).toBe('balance 48.12 USD, 2000 requests a minute');
    expect(checks.Ollama.detail).toBe('2 models: llama3.2:latest, qwen2.5:7b');
    expect(checks['OpenAI-compatible'].limits['x-ratelimit-remaining-requests']).toBe('499');
    expect(checks.Anthropic.limits['anthropic-ratelimit-requests-remaining']).toBe('49');
    const output = formatChecks(Object.values(checks));
    expect(output).toContain('8 configured, all answered.');
    expectNoSecrets(output);
  });

  it('says what is not configured and which variables turn it on', async () => {
    const checks = byName(
      await checkProviders(
        parseConfig({
          NODE_ENV: 'development',
          ARCTIC_SHIFT_URL: fakes.env.ARCTIC_SHIFT_URL,
          PULLPUSH_URL: fakes.env.PULLPUSH_URL,
        }),
      ),
    );
    expect(checks.SearXNG).toMatchObject({ configured: false, reachable: null, ok: false, latencyMs: null });
    const output = formatChecks(Object.values(checks));
    expect(output).toContain('not configured (set BRAVE_SEARCH_API_KEY)');
    expect(output).toContain('not configured (set OLLAMA_HOST)');
    expect(output).toContain('2 configured, all answered.');
  });

  it('reports a provider nothing answers for, and one that never answers, as unreachable', async () => {
    const checks = byName(
      await checkProviders(
        config({
          SEARXNG_URL: `http://127.0.0.1:${closedPort}`,
          OLLAMA_HOST: `127.0.0.1:${(silent.address() as AddressInfo).port}`,
          PROVIDER_TIMEOUT_MS: '300',
        }),
      ),
    );
    expect(checks.SearXNG).toMatchObject({
      reachable: false,
      ok: false,
      error: 'SearXNG could not be reached',
    });
    expect(checks.Ollama).toMatchObject({
      reachable: false,
      ok: false,
      error: 'Ollama did not answer within 300 ms',
    });
    expect(checks['Brave Search'].ok).toBe(true);
  });

  it('reports refused keys and logins exactly as the tools would, without the keys', async () => {
    const wrong = {
      BRAVE_SEARCH_API_KEY: 'BSA-wrong-token-0000',
      DATAFORSEO_PASSWORD: 'wrong-password-1111',
      OPENAI_API_KEY: 'sk-wrong-openai-2222',
      ANTHROPIC_API_KEY: 'sk-ant-wrong-3333',
    };
    const checks = await checkProviders(config(wrong));
    const named = byName(checks);
    expect(named['Brave Search']).toMatchObject({
      reachable: true,
      ok: false,
      error: 'Brave Search answered HTTP 422 SUBSCRIPTION_TOKEN_INVALID',
    });
    expect(named.DataForSEO.error).toMatch(/^DataForSEO answered 40100: You are not authorized/);
    expect(named['OpenAI-compatible'].error).toBe('OpenAI-compatible endpoint answered HTTP 401');
    expect(named.Anthropic.error).toMatch(/^Anthropic answered HTTP 401/);
    const output = formatChecks(checks);
    expect(output).toContain('4 of 8 configured failed.');
    expectNoSecrets(output, Object.values(wrong));
  });

  it.each([
    [
      'rate limited',
      'fake:ratelimit',
      {
        SearXNG: 'SearXNG answered HTTP 429',
        'Brave Search': 'Brave Search answered HTTP 429 RATE_LIMITED: Request rate limit exceeded for plan.',
        'OpenAI-compatible':
          'OpenAI-compatible endpoint answered HTTP 429: Rate limit reached for gpt-4o-mini on requests per min (RPM): Limit 500, Used 500, Requested 1.',
        Anthropic:
          'Anthropic answered HTTP 429: This request would exceed the rate limit for your organization of 50 requests per minute.',
      },
    ],
    [
      'failing on its side',
      'fake:error',
      {
        SearXNG: 'SearXNG answered HTTP 500',
        'Brave Search': 'Brave Search answered HTTP 500 INTERNAL_ERROR: Unexpected error.',
        'OpenAI-compatible':
          'OpenAI-compatible endpoint answered HTTP 500: The server had an error while processing your request. Sorry about that!',
        Anthropic: 'Anthropic answered HTTP 500: Internal server error',
      },
    ],
    [
      'answering malformed JSON',
      'fake:malformed',
      {
        SearXNG: 'SearXNG answered something other than its JSON format',
        'Brave Search': 'Brave Search answered something other than a search response',
        'OpenAI-compatible': 'OpenAI-compatible endpoint answered without a message',
        Anthropic: 'Anthropic answered without content',
      },
    ],
    [
      'too slow',
      'fake:slow',
      {
        SearXNG: 'SearXNG did not answer within 1500 ms',
        'Brave Search': 'Brave Search did not answer within 1500 ms',
        'OpenAI-compatible': 'OpenAI-compatible endpoint did not answer within 1500 ms',
        Anthropic: 'Anthropic did not answer within 1500 ms',
      },
    ],
  ])('reports each provider %s with its exact error', async (_label, trigger, errors) => {
    const checks = byName(await checkProviders(config(), { word: `weather ${trigger}` }));
    for (const [provider, error] of Object.entries(errors)) {
      expect(checks[provider], provider).toMatchObject({
        configured: true,
        ok: false,
        reachable: trigger !== 'fake:slow',
        error,
      });
    }
    // The providers the word does not steer still answer.
    expect(checks.Ollama.ok).toBe(true);
    if (trigger === 'fake:ratelimit') {
      // The limit headers of the refusal are what tells a user when to try again.
      expect(checks['Brave Search'].limits['x-ratelimit-remaining']).toBe('0, 14873');
      expect(checks['OpenAI-compatible'].limits['x-ratelimit-remaining-requests']).toBe('0');
      expect(checks.Anthropic.limits['retry-after']).toBe('7');
    }
    expectNoSecrets(formatChecks(Object.values(checks)));
  });

  it('runs as a command: exit 0 when every configured provider answers, 1 otherwise, never printing a key', async () => {
    const run = (env: Record<string, string>) =>
      new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/providers-check.ts'], {
          env: { ...process.env, ...fakes.env, NODE_ENV: 'development', ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (chunk) => {
          output += chunk;
        });
        child.stderr.on('data', (chunk) => {
          output += chunk;
        });
        child.on('close', (code) => resolve({ code, output }));
      });
    const good = await run({});
    expect(good.code, good.output).toBe(0);
    expect(good.output).toContain('Brave Search');
    expectNoSecrets(good.output);
    const bad = await run({ OPENAI_API_KEY: 'sk-wrong-openai-4444' });
    expect(bad.code, bad.output).toBe(1);
    expect(bad.output).toContain('error: OpenAI-compatible endpoint answered HTTP 401');
    expectNoSecrets(bad.output, ['sk-wrong-openai-4444']);
  }, 60_000);
});
