import { createHash } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.js';
import { referencePage } from '../reference-page.js';

/**
 * Every response, errors included, says what its type is and forbids a browser to guess another:
 * a JSON body that echoes caller input must never be sniffed into HTML. Set before the handler
 * runs, so the error and not-found envelopes carry it too.
 */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  c.header('X-Content-Type-Options', 'nosniff');
  await next();
});

/** The inline script of the reference page, allowed by its hash rather than by 'unsafe-inline'. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, script]) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
  );
}

/**
 * /docs runs Swagger UI from our own origin: its bundle and the one inline script by hash, its
 * inline styles, /openapi.json and the "try it out" calls to this origin. No page may frame it
 * (a framed reference page with a pasted key is a clickjacking target).
 */
export const REFERENCE_PAGE_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${inlineScriptHashes(referencePage).join(' ')}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
