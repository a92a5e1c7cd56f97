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
