import { expect, type Locator } from '@playwright/test';

/**
 * Taps until `shown` is visible, as a person taps again when nothing happened: a tap on a
 * server-rendered control before the page hydrates does nothing, and so can one on a text being
 * drawn again. Once `shown` is on its way (a dialog whose code loads on first open) it may cover
 * what was tapped: then it is only waited for. `tap` should give up quickly (a short click
 * timeout), so that each round checks again; `visibleMs` is how long one tap is given.
 */
export async function tapUntilShown(
  shown: Locator,
  tap: () => Promise<unknown>,
  { visibleMs = 2000, totalMs }: { visibleMs?: number; totalMs?: number } = {},
): Promise<void> {
  await expect(async () => {
    if (!(await shown.isVisible())) await tap();
    await expect(shown).toBeVisible({ timeout: visibleMs });
  }).toPass(totalMs === undefined ? {} : { timeout: totalMs });
}
