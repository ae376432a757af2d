import type { Page } from 'playwright-core';
import type { FetchedPage } from '../../fetch/types.js';

/** The live DOM of a page, serialised: what read, scrape and escalation derive their formats from. */
export interface LivePage {
  url: string;
  title: string;
  html: string;
}

const READ_ATTEMPTS = 5;

/**
 * The document as `page.content()` gives it (doctype, then the root's outer HTML), except that every
 * open shadow root is written in as a declarative `<template shadowrootmode="open">`. Components
 * (Lit, Stencil, Salesforce's) draw their content in shadow roots, which outerHTML leaves out; the
 * parser composes the templates back into the tree (lib/html/shadow-roots.ts). Closed roots cannot
 * be reached from the page and stay out, as they do for any script. A string, not a function, so
 * the bundler's helpers never reach the page.
 */
const SERIALISE_WITH_SHADOW_ROOTS = `(() => {
  const root = document.documentElement;
  const doctype = document.doctype ? new XMLSerializer().serializeToString(document.doctype) : '';
  if (!root) return doctype;
  const shadowRoots = [];
  const collect = (scope) => {
    for (const element of scope.querySelectorAll('*')) {
      if (element.shadowRoot) {
        shadowRoots.push(element.shadowRoot);
        collect(element.shadowRoot);
      }
    }
  };
  collect(document);
  if (shadowRoots.length === 0 || typeof root.getHTML !== 'function') return doctype + root.outerHTML;
  const shell = root.cloneNode(false).outerHTML;
  const end = shell.lastIndexOf('</');
  return doctype + shell.slice(0, end) + root.getHTML({ shadowRoots }) + shell.slice(end);
})()`;

/**
 * A page that navigates while it is read (a challenge that reloads itself, a redirect by script)
 * destroys the context the read runs in; the read waits for the new document and tries again.
 */
export async function readLivePage(page: Page): Promise<LivePage> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const [html, title] = await Promise.all([
        page.evaluate<string>(SERIALISE_WITH_SHADOW_ROOTS),
        page.title().catch(() => ''),
      ]);
      return { url: page.url(), title, html };
    } catch (error) {
      if (attempt >= READ_ATTEMPTS || !isNavigating(error)) throw error;
      await page.waitForLoadState('domcontentloaded', { timeout: 2_000 }).catch(() => {});
    }
  }
}

function isNavigating(error: unknown): boolean {
  return error instanceof Error && /navigating|execution context was destroyed/i.test(error.message);
}

/**
 * A rendered page in the fetcher's shape, so the tools' gate and format code read it like any page:
 * always HTML, decoded, with the main document's status and headers.
 */
export function asFetchedPage(
  live: LivePage,
  main: { requestedUrl: string; status: number; headers: Record<string, string>; durationMs: number },
): FetchedPage {
  return {
    requestedUrl: main.requestedUrl,
    finalUrl: live.url,
    status: main.status,
    headers: main.headers,
    mimeType: 'text/html',
    charset: 'utf-8',
    kind: 'html',
    body: live.html,
    bytes: Buffer.byteLength(live.html),
    redirects: live.url === main.requestedUrl ? [] : [live.url],
    durationMs: main.durationMs,
  };
}
