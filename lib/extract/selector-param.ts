import { z } from '@hono/zod-openapi';
import { assertValidSelector, SelectorError } from './selector.js';

/**
 * A request's CSS selector: a string the selector engine accepts, refused at validation with the
 * engine's own message, so an invalid selector is a 400 before anything is fetched.
 */
export function cssSelectorParam(options: { nonEmpty?: boolean } = {}) {
  const text = options.nonEmpty ? z.string().min(1).max(1000) : z.string().max(1000);
  return text.superRefine((selector, ctx) => {
    try {
      assertValidSelector(selector);
    } catch (error) {
      if (!(error instanceof SelectorError)) throw error;
      ctx.addIssue({ code: 'custom', message: error.message });
    }
  });
}
