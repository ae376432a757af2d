import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';

/**
 * `simulateHumanBehavior`: a reader's first second on a page, a few eased mouse moves and a scroll
 * down and back, with uneven pauses. It solves nothing; it gives behaviour scripts something
 * human-shaped to see. Bounded to about a second so it fits every call's budget.
 */
export async function behaveLikeAReader(page: Page): Promise<void> {
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  try {
    let x = randomInt(50, Math.max(51, viewport.width / 3));
    let y = randomInt(50, Math.max(51, viewport.height / 3));
    await page.mouse.move(x, y);
    for (let step = 0; step < 3; step += 1) {
      x = randomInt(40, viewport.width - 40);
      y = randomInt(40, viewport.height - 40);
      await page.mouse.move(x, y, { steps: randomInt(6, 14) });
      await page.waitForTimeout(randomInt(40, 140));
    }
    await page.mouse.wheel(0, randomInt(200, 600));
    await page.waitForTimeout(randomInt(80, 220));
    await page.mouse.wheel(0, -randomInt(100, 300));
  } catch {
    // A page that navigated away or closed mid-gesture simply ends the gesture.
  }
}
