import type { HostOperation } from '../../browser/host/protocol.js';
import type { LivePage } from '../../browser/page/live-page.js';
import { USES_BROWSER_HOST } from '../../browser/runtime.js';
import { callHost } from '../../browser/tool-bridge.js';
import { defineTool, type ToolContext } from '../define.js';
import { keptRedaction, withRedaction } from '../shared/redaction.js';
import { contentCharacters, contentOf } from './content.js';
import { browserSessionResult } from './result-schema.js';
import { type BrowserSessionInput, browserSessionSchema, type Operation } from './schema.js';

/**
 * browser_session (docs/reference/browsers.md#browser_session, docs/reference/browsers.md#session-lifetime): a live page on the browser host, driven one operation
 * per call. `open` 3 credits, `read` 2, every other operation 1 (`act` whatever its action count).
 */

const PRICES: Record<Operation, number> = {
  open: 3,
  read: 2,
  snapshot: 1,
  act: 1,
  screenshot: 1,
  close: 1,
  list: 1,
};
/** snapshot, read and screenshot do not navigate; the host allows them this long. */
const QUICK_TIMEOUT_MS = 20_000;
const REDACTED_OPERATIONS = new Set<Operation>(['snapshot', 'act', 'read']);
const DEFAULT_JPEG_QUALITY = 80;

type SessionData = Record<string, unknown>;

export const browserSessionTool = defineTool({
  name: 'browser_session',
  kind: 'browsers',
  summary:
    'A live browser page across calls: open, snapshot with @e refs, act, read, screenshot, list, close.',
  description:
    'Opens a page in a headless browser on the browser host and keeps it for later calls: `snapshot` lists the ' +
    'interactive elements as `@e<n> [role] name` lines whose refs `act` accepts as selectors; `act` runs up to 20 ' +
    'actions (click, type, press, select, hover, scroll, wait, navigate, screenshot, snapshot; never page ' +
    'JavaScript); `read` returns markdown, html, text or json from the live DOM; `screenshot` returns a resource ' +
    'URI. Every navigation passes the SSRF guard and robots.txt. A session closes at `ttl`, after `activity_ttl` ' +
    'idle seconds, or on `close`; closed, expired, unknown and other accounts’ ids all answer 404 SESSION_NOT_FOUND ' +
    '("Session not found"). Persistent logins are unavailable.',
  price: (input: BrowserSessionInput) => PRICES[input.operation],
  basePrice: PRICES.open,
  pricingNotes: [
    '3 credits for open, 2 for read, 1 for every other operation; act costs 1 whatever the number of actions.',
    'Errors, including Session not found, are uncharged.',
  ],
  schema: browserSessionSchema,
  result: browserSessionResult,
  example: { operation: 'open', url: 'https://example.com/login', ttl: 600, activity_ttl: 300 },
  browser: USES_BROWSER_HOST,
  async run(ctx, input) {
    const data = await runOperation(ctx, input);
    const redacted = REDACTED_OPERATIONS.has(input.operation) ? withRedaction(data, input.redact_pii) : data;
    return { data: redacted };
  },
  inlineMeasure: (data: SessionData) => contentCharacters(data),
  keepWhenStored: (data: SessionData) => ({
    sessionId: data.sessionId,
    url: data.url,
    title: data.title,
    ...keptRedaction(data as { redaction?: never }),
  }),
});

async function runOperation(ctx: ToolContext, input: BrowserSessionInput): Promise<SessionData> {
  const sessionId = input.session_id ?? '';
  const call = (operation: HostOperation, timeoutMs = QUICK_TIMEOUT_MS) =>
    callHost<SessionData>(
      ctx,
      { tool: 'browser_session', respectRobots: input.respect_robots, timeoutMs },
      operation,
    );
  switch (input.operation) {
    case 'open':
      return call(
        {
          op: 'session.open',
          params: {
            url: input.url ?? '',
            stealth: input.stealth,
            ttl: input.ttl,
            activity_ttl: input.activity_ttl,
            viewport: input.viewport,
            timeout: input.timeout,
          },
        },
        input.timeout,
      );
    case 'snapshot':
      return call({
        op: 'session.snapshot',
        params: { sessionId, interactive_only: input.interactive_only, max_nodes: input.max_nodes },
      });
    case 'act':
      return call(
        {
          op: 'session.act',
          params: {
            sessionId,
            actions: input.actions ?? [],
            continue_on_error: input.continue_on_error,
            timeout: input.timeout,
          },
        },
        input.timeout,
      );
    case 'read': {
      const live = await call({ op: 'session.read', params: { sessionId } });
      const { sessionId: id, ...page } = live as unknown as LivePage & { sessionId: string };
      return { sessionId: id, url: page.url, title: page.title, content: contentOf(page, input.formats) };
    }
    case 'screenshot':
      if (input.format === 'png' && input.quality !== undefined) {
        ctx.warn(
          'quality applies to JPEG screenshots only; this PNG ignored it (send format: "jpeg" to use it)',
        );
      }
      return call({
        op: 'session.screenshot',
        params: {
          sessionId,
          full_page: input.full_page,
          format: input.format,
          quality: input.quality ?? DEFAULT_JPEG_QUALITY,
          selector: input.selector,
        },
      });
    case 'close':
      return call({ op: 'session.close', params: { sessionId } });
    case 'list':
      return call({ op: 'session.list', params: {} });
  }
}
