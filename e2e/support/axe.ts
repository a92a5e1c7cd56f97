import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Serious or critical accessibility violations on the page as it is now (the debug console aside). */
export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).exclude('#__vconsole').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
