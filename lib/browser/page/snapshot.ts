import type { ElementHandle, JSHandle, Page } from 'playwright-core';
import { SNAPSHOT_SCRIPT } from './snapshot-script.js';

/**
 * browser_session `snapshot` (docs/reference/browsers.md#browser_session): lines `@e<n> [role] name` in document order, refs on
 * interactive elements only; with `interactive_only: false` headings and landmarks too, without refs.
 * The elements behind the refs are held as handles until the next snapshot replaces them, so an
 * `@e<n>` selector reaches exactly the element the caller saw, not whatever a CSS path finds later.
 */

export interface SnapshotOptions {
  interactiveOnly: boolean;
  maxNodes: number;
}

export interface Snapshot {
  tree: string;
  /** Lines in `tree`. */
  nodes: number;
  /** `@e<n>` refs handed out: 1..refs. */
  refs: number;
  truncated: boolean;
}

/** The refs of the last snapshot of one page. */
export class RefStore {
  private handles: ElementHandle[] = [];

  get(ref: number): ElementHandle | undefined {
    return this.handles[ref - 1];
  }

  async replace(handles: ElementHandle[]): Promise<void> {
    const old = this.handles;
    this.handles = handles;
    await Promise.all(old.map((handle) => handle.dispose().catch(() => {})));
  }

  async clear(): Promise<void> {
    await this.replace([]);
  }
}

export async function takeSnapshot(page: Page, refs: RefStore, options: SnapshotOptions): Promise<Snapshot> {
  const result = (await page.evaluateHandle(`(${SNAPSHOT_SCRIPT})(${JSON.stringify(options)})`)) as JSHandle<{
    lines: string[];
    elements: Element[];
    truncated: boolean;
  }>;
  try {
    const [lines, truncated, elementsHandle] = await Promise.all([
      result.getProperty('lines').then((handle) => handle.jsonValue()),
      result.getProperty('truncated').then((handle) => handle.jsonValue()),
      result.getProperty('elements'),
    ]);
    const properties = await elementsHandle.getProperties();
    const handles: ElementHandle[] = [];
    for (let index = 0; index < properties.size; index += 1) {
      const element = properties.get(String(index))?.asElement();
      if (element) handles.push(element);
    }
    await elementsHandle.dispose();
    await refs.replace(handles);
    return { tree: lines.join('\n'), nodes: lines.length, refs: handles.length, truncated };
  } finally {
    await result.dispose().catch(() => {});
  }
}
