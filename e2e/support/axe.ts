import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Serious or critical accessibility violations on the page as it is now (the debug console
 * aside), or only inside `include` (a selector) when a test is about that part of the page.
 */
export async function seriousViolations(page: Page, where: string, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).exclude('#__vconsole');
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * The same scan on a page whose clock is paused (`page.clock.pauseAt`), so that a slow scan does
 * not use up a wait the page measures in its own time. axe settles each rule on a zero-delay
 * timer, so the clock is run on a millisecond at a time while the scan lasts: the page's own
 * time moves by about a millisecond per round trip, far less than a real-time scan would take.
 */
export async function seriousViolationsOnPausedClock(page: Page, where: string, include?: string): Promise<string[]> {
  let scanning = true;
  const scan = seriousViolations(page, where, include).finally(() => {
    scanning = false;
  });
  // A failed scan is thrown below, once the clock has stopped; not as unhandled meanwhile.
  scan.catch(() => undefined);
  while (scanning) {
    // The clock is the context's, run in each of its pages; axe opens and closes a page of its
    // own to merge results, and a run that meets that page closing is of no matter.
    await page.clock.runFor(1).catch((error: unknown) => {
      if (page.isClosed()) throw error;
    });
  }
  return scan;
}
