import type { BotWall } from '../fetch/bot-wall.js';
import type { EscalatedPage, EscalationRequest } from './escalation.js';
import type { CallScope } from './guard/request-guard.js';
import type { BrowserHost } from './host/browser-host.js';
import type { HostClient } from './host/host-client.js';
import type { EngineName } from './launch/browser-instance.js';
import type { PageRenderer } from './render/renderer.js';

// Types only, kept apart from runtime.ts, which opens the tier: the services bag names this
// interface without importing the code that builds it, so no import leads from the bag back to it.

/**
 * What a browser tool finds on `services.browser`: a renderer for calls that need nothing between
 * requests (a browser in this process), and a client of the host that keeps live sessions (in this
 * process locally, the container service in AWS). Opening it launches nothing: Chromium starts on
 * the first render. Absent (`services.browser` undefined), every browser path answers 503
 * TOOL_NOT_AVAILABLE, and `escalate` keeps its "backend not configured" answer.
 */
export interface BrowserRuntime {
  /** A browser can be launched in this process. */
  readonly rendersAvailable: boolean;
  renderer(): PageRenderer;
  host(): HostClient;
  engineInstalled(engine: EngineName): boolean;
  /** escalate's one render past a wall (docs/reference/pages.md#bot-walls-and-escalation), read by the tool's gate. */
  escalate(scope: CallScope, wall: BotWall, request: EscalationRequest): Promise<EscalatedPage>;
  /** The in-process host, when sessions live here (dev server, tests). */
  readonly localHost: BrowserHost | null;
  close(): Promise<void>;
}
