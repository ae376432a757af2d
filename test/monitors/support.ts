import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { inArray } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { mountMonitorRoutes } from '../../lib/app/monitors/routes.js';
import { monitors } from '../../lib/db/schema/index.js';
import { createMonitorSchema } from '../../lib/monitors/api/input.js';
import { createMonitor } from '../../lib/monitors/api/monitors.js';
import { type CheckRuntime, createCheckRuntime } from '../../lib/monitors/check/check-runtime.js';
import { InProcessQueue } from '../../lib/monitors/queue/in-process-queue.js';
import { handleJob } from '../../lib/monitors/queue/worker.js';
import { EMAIL_LINKS_PATH, signEmailLink } from '../../lib/monitors/recipients/email-links.js';
import type { Email, Mailer } from '../../lib/notify/mailer.js';
import type { AnyToolSchema, ToolDefinition } from '../../lib/tools/define.js';
import { type FixtureServer, startFixtureServer } from '../support/fixture-server.js';
import { type Harness, startHarness, type TestAccount } from '../support/harness.js';

/**
 * What the monitor tests share: a shop site on loopback whose pages a test rewrites between checks,
 * a webhook receiver that verifies every delivery with the `standardwebhooks` package and fails on
 * demand, and the app with the monitors API mounted, reaching both by name through FETCH_HOST_MAP.
 */

export const SHOP = 'shop.test';
export const HOOKS = 'hooks.test';

export type PageAnswer =
  | string
  | { status?: number; headers?: Record<string, string>; body: string }
  | ((hits: number) => Promise<PageAnswer> | PageAnswer);

export interface Shop {
  server: FixtureServer;
  /** Sets what a path answers (HTML by default). */
  set(path: string, answer: PageAnswer): void;
  hits(path: string): number;
  url(path: string): string;
}

const ROBOTS = 'User-agent: *\nDisallow: /private\n';

export async function startShop(): Promise<Shop> {
  const pages = new Map<string, PageAnswer>();
  const hits = new Map<string, number>();
  const server = await startFixtureServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://shop').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(ROBOTS);
      return;
    }
    let answer = pages.get(path);
    while (typeof answer === 'function') answer = await answer(hits.get(path) ?? 0);
    if (answer === undefined) {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<h1>Not found</h1>');
      return;
    }
    const {
      status = 200,
      headers = { 'content-type': 'text/html; charset=utf-8' },
      body,
    } = typeof answer === 'string' ? { body: answer } : answer;
    res.writeHead(status, headers);
    res.end(body);
  });
  return {
    server,
    set: (path, answer) => pages.set(path, answer),
    hits: (path) => hits.get(path) ?? 0,
    url: (path) => server.url(path, SHOP),
  };
}

const TLS = new URL('../fixtures/monitors/tls/', import.meta.url);
/** The test CA that signed the receiver's certificate: the fetcher trusts it through this variable. */
export const RECEIVER_ENV = {
  FETCH_EXTRA_CA_CERTS: fileURLToPath(new URL('../fixtures/templates/tls/ca.cert.pem', import.meta.url)),
};

/** An HTTPS server on loopback presenting the `hooks.test` certificate: webhook URLs must be https. */
async function startHttpsServer(
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): Promise<FixtureServer> {
  let connections = 0;
  const server = createServer(
    { key: readFileSync(new URL('hooks.key.pem', TLS)), cert: readFileSync(new URL('hooks.cert.pem', TLS)) },
    (req, res) => {
      handler(req, res).catch((error) => {
        if (!res.headersSent) res.writeHead(500);
        res.end(String(error));
      });
    },
  );
  server.on('secureConnection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path = '/', host = '127.0.0.1') => `https://${host}:${port}${path}`,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface ReceivedEvent {
  type: string;
  // biome-ignore lint/suspicious/noExplicitAny: event bodies are read field by field in tests
  data: any;
  headers: IncomingHttpHeaders;
  verified: boolean;
}

export interface Receiver {
  server: FixtureServer;
  /** A hook URL whose deliveries are verified with `secret` (raw unless it starts with whsec_). */
  hook(name: string, secret?: string): string;
  /** Secrets generated by the service are learnt from the monitor after it is created. */
  trust(name: string, secret: string): void;
  events(name: string): ReceivedEvent[];
  /** Answer this status (or hang) to the next deliveries, until `recover()`. */
  fail(status: number | 'hang'): void;
  recover(): void;
  attempts(): number;
}

export async function startReceiver(): Promise<Receiver> {
  const secrets = new Map<string, string>();
  const received = new Map<string, ReceivedEvent[]>();
  let failing: number | 'hang' | null = null;
  let attempts = 0;
  const server = await startHttpsServer(async (req, res) => {
    attempts += 1;
    const name = new URL(req.url ?? '/', 'http://hooks').pathname.slice(1);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString();
    if (failing === 'hang') return;
    if (failing !== null) {
      res.writeHead(failing);
      res.end('receiver down');
      return;
    }
    const secret = secrets.get(name);
    let verified = false;
    let payload: { type: string; data: unknown } = JSON.parse(body);
    if (secret) {
      const webhook = secret.startsWith('whsec_')
        ? new Webhook(secret)
        : new Webhook(secret, { format: 'raw' });
      try {
        payload = webhook.verify(body, req.headers as Record<string, string>) as typeof payload;
        verified = true;
      } catch {
        verified = false;
      }
    }
    const list = received.get(name) ?? [];
    list.push({ type: payload.type, data: payload.data, headers: req.headers, verified });
    received.set(name, list);
    res.writeHead(verified ? 204 : 401);
    res.end();
  });
  return {
    server,
    hook(name, secret) {
      if (secret) secrets.set(name, secret);
      return server.url(`/${name}`, HOOKS);
    },
    trust: (name, secret) => secrets.set(name, secret),
    events: (name) => received.get(name) ?? [],
    fail: (status) => {
      failing = status;
    },
    recover: () => {
      failing = null;
    },
    attempts: () => attempts,
  };
}

/** A mailer that keeps what it was asked to send. */
export function recordingMailer(): Mailer & { sent: Email[] } {
  const sent: Email[] = [];
  return {
    transport: 'log',
    sent,
    send: async (email) => {
      sent.push(email);
    },
  };
}

export interface MonitorWorld {
  harness: Harness;
  shop: Shop;
  receiver: Receiver;
  close(): Promise<void>;
}

export async function startMonitorWorld(
  env: Record<string, string> = {},
  tools: readonly ToolDefinition<AnyToolSchema>[] = [],
): Promise<MonitorWorld> {
  const shop = await startShop();
  const receiver = await startReceiver();
  const harness = await startHarness({
    tools,
    env: { FETCH_HOST_MAP: `${SHOP}=127.0.0.1,${HOOKS}=127.0.0.1`, ...RECEIVER_ENV, ...env },
    mounts: [mountMonitorRoutes],
  });
  return {
    harness,
    shop,
    receiver,
    async close() {
      await harness.close();
      await shop.server.close();
      await receiver.server.close();
    },
  };
}

/**
 * Monitors created through the domain verb at a chosen time, as the clocked tests need, each
 * remembered so `removeAll` (an afterEach) deletes them and the next test starts from none.
 */
export function monitorMaker(world: MonitorWorld, name: string, options: { trustSecret?: boolean } = {}) {
  const created: string[] = [];
  return {
    async make(account: TestAccount, input: Record<string, unknown>, at: Date) {
      const { db, config } = world.harness.services;
      const monitor = await createMonitor({
        ctx: { db, config, accountId: account.accountId, apiKeyId: account.keyId, now: at },
        input: createMonitorSchema.parse({ name, ...input }),
      });
      created.push(monitor.id);
      if (options.trustSecret) world.receiver.trust(monitor.id, monitor.webhook_secret ?? '');
      return monitor;
    },
    /** One created another way (over HTTP), removed with the rest. */
    track(id: string) {
      created.push(id);
    },
    async removeAll() {
      if (created.length > 0) {
        await world.harness.services.db.delete(monitors).where(inArray(monitors.id, created.splice(0)));
      }
    },
  };
}

/** A runtime on a clock the test moves, and a queue whose jobs run when the test says. */
export function clockedRuntime(
  world: MonitorWorld,
  start: Date,
  options: { mailer?: Mailer; inlineRetryWindowMs?: number; sleep?: (ms: number) => Promise<void> } = {},
) {
  let now = start.getTime();
  const clock = {
    now: () => new Date(now),
    set: (at: Date | string) => {
      now = new Date(at).getTime();
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
  const rt: CheckRuntime = createCheckRuntime(world.harness.services, {
    now: clock.now,
    mailer: options.mailer ?? recordingMailer(),
    inlineRetryWindowMs: options.inlineRetryWindowMs ?? 0,
    sleep: options.sleep,
    // The clock is the test's: retries wait for its sweeps, never for a real timer.
    retryLater: async () => {},
  });
  const queue = new InProcessQueue((job) => handleJob(rt, job), { autoRun: false });
  return { clock, rt, queue };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export function page(title: string, ...paragraphs: string[]): string {
  return `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1>${paragraphs
    .map((p) => `<p>${p}</p>`)
    .join('')}</main></body></html>`;
}

const HOP_BY_HOP = new Set(['transfer-encoding', 'connection', 'content-length', 'date']);

/** A bot wall saved under test/fixtures/walls, replayed with its status and headers. */
export function wall(name: string): PageAnswer {
  const folder = new URL('../fixtures/walls/', import.meta.url);
  const saved = JSON.parse(readFileSync(new URL(`${name}.response.json`, folder), 'utf8')) as {
    status: number;
    headers: Record<string, string>;
    body: string;
  };
  const headers = Object.fromEntries(Object.entries(saved.headers).filter(([key]) => !HOP_BY_HOP.has(key)));
  return { status: saved.status, headers, body: readFileSync(new URL(saved.body, folder), 'utf8') };
}

/**
 * Confirms addresses of a monitor the way a recipient does: GET on the link of a confirmation
 * email (signed here with the service's own key, as the email's link is), against the real server.
 */
export async function confirmEmails(world: MonitorWorld, monitorId: string, emails: string[]): Promise<void> {
  const { config } = world.harness.services;
  for (const email of emails) {
    const token = signEmailLink(
      config.emailLinkSecret,
      'confirm',
      { monitorId, email: email.toLowerCase() },
      new Date(),
    );
    const res = await world.harness.call(
      'GET',
      `${EMAIL_LINKS_PATH}/confirm?token=${encodeURIComponent(token)}`,
    );
    if (res.status !== 200) throw new Error(`confirming ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  }
}
