import type { Page } from 'playwright-core';
import type { CallScope, GuardEnvironment, RequestGuard } from '../guard/request-guard.js';
import type { BrowserInstance, GuardedContext } from '../launch/browser-instance.js';
import type { StealthProfile } from '../stealth/profile.js';
import { type ContextPlan, openPlannedContext } from './contexts.js';

/**
 * Renders that need nothing between requests (escalation, stealth_mode scrape, scrape_with_actions,
 * form_submit) run in the function's own browser: a fresh context per call, torn down on return,
 * so no cookie or storage outlives the call that made it.
 */

export interface RenderSession {
  page: Page;
  guard: RequestGuard;
  context: GuardedContext;
  profile: StealthProfile | null;
}

export class PageRenderer {
  constructor(
    private readonly instance: BrowserInstance,
    private readonly guardEnv: GuardEnvironment,
  ) {}

  engineInstalled(engine: ContextPlan['engine']): boolean {
    return this.instance.engineInstalled(engine);
  }

  async withPage<T>(
    scope: CallScope,
    plan: ContextPlan,
    work: (session: RenderSession) => Promise<T>,
  ): Promise<T> {
    const { guarded, profile } = await openPlannedContext(this.instance, this.guardEnv, plan);
    try {
      const page = await guarded.context.newPage();
      return await guarded.guard.withCall(scope, () =>
        work({ page, guard: guarded.guard, context: guarded, profile }),
      );
    } finally {
      await guarded.close();
    }
  }
}
