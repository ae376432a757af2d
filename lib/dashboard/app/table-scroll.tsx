import type { ComponentChildren } from 'preact';

/**
 * A wide table scrolls sideways at 360 px. The scrolling region takes focus so that a keyboard
 * alone can scroll it (WCAG 2.1.1; axe's scrollable-region-focusable), and its label says what
 * is inside when it does.
 */
export function TableScroll({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section class="table-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
