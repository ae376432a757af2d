import { type AppOptions, createApp } from '../../lib/app/create-app.js';
import { startNodeServer } from '../../lib/app/node-server.js';
import { createAccount, createApiKey } from '../../lib/auth/accounts.js';
import type { Plan } from '../../lib/auth/plans.js';
import type { Database } from '../../lib/db/client.js';
import { getBalance } from '../../lib/ledger/index.js';
import type { OpenedServices } from '../../lib/open-services.js';
import type { AnyToolSchema, ToolDefinition } from '../../lib/tools/define.js';
import { tools as allTools } from '../../lib/tools/registry.js';
import { assertResultMatchesSchema } from './result-drift.js';
import { openTestServices } from './test-services.js';

export interface TestAccount {
  accountId: string;
  key: string;
  keyId: string;
  balance(): Promise<number>;
  newKey(): Promise<string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary response bodies
  body: any;
}

export type HarnessPrepare = (
  services: OpenedServices,
) => Promise<(() => Promise<void>) | undefined> | undefined;

export interface Harness {
  baseUrl: string;
  services: OpenedServices;
  /** A fresh, uniquely named account and key per test, so suites never collide on shared rows. */
  account(options?: { plan?: Plan; credits?: number }): Promise<TestAccount>;
  call(
    method: string,
    path: string,
    options?: { key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> },
  ): Promise<CallResult>;
  tool(name: string, body: unknown, key: string): Promise<CallResult>;
  close(): Promise<void>;
}

/** The real app on a real HTTP port, over the same services a deployment would use. */
/** A new account with one key, on the real ledger, and the helpers the tests read it with. */
export async function createTestAccount(
  db: Database,
  name: string,
  { plan = 'business', credits = 1_000 }: { plan?: Plan; credits?: number } = {},
): Promise<TestAccount> {
  const { id } = await createAccount(db, { name, plan, credits });
  const issued = await createApiKey(db, id);
  return {
    accountId: id,
    key: issued.key,
    keyId: issued.id,
    balance: () => getBalance(db, id),
    newKey: async () => (await createApiKey(db, id)).key,
  };
}

export async function startHarness(
  options: {
    tools?: readonly ToolDefinition<AnyToolSchema>[];
    env?: Record<string, string>;
    mounts?: AppOptions['mounts'];
    /** Adds to the services before the app starts (a browser runtime); may return its own cleanup. */
    prepare?: HarnessPrepare;
  } = {},
): Promise<Harness> {
  const services = await openTestServices(options.env);
  const cleanup = await options.prepare?.(services);
  const app = createApp({
    services,
    tools: options.tools ?? allTools,
    withDocuments: true,
    mounts: options.mounts,
  });
  const server = await startNodeServer(app, { port: 0, hostname: '127.0.0.1' });
  const baseUrl = server.url;
  let accounts = 0;

  const call: Harness['call'] = async (method, path, callOptions = {}) => {
    const headers: Record<string, string> = { ...callOptions.headers };
    if (callOptions.key) headers['X-API-Key'] = callOptions.key;
    let body: string | undefined = callOptions.rawBody;
    if (callOptions.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(callOptions.body);
    }
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    assertResultMatchesSchema(options.tools ?? allTools, method, path, response.status, parsed);
    return { status: response.status, headers: response.headers, body: parsed };
  };

  return {
    baseUrl,
    services,
    account(options = {}) {
      accounts += 1;
      return createTestAccount(services.db, `test-${accounts}-${Date.now()}`, options);
    },
    call,
    tool: (name, body, key) => call('POST', `/api/v1/tools/${name}`, { key, body }),
    async close() {
      await server.close();
      await cleanup?.();
      await services.close();
    },
  };
}
