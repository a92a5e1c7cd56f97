import type { Page } from '@playwright/test';

/**
 * Hides the test environment's debug console (vConsole): its switch sits at the bottom right,
 * over a screen's bottom bar on a phone (a lesson's answers, the review's ratings), and it is no
 * part of what a learner sees.
 */
export async function hideDebugConsole(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = '#__vconsole { display: none !important; }';
      document.head.append(style);
    });
  });
}
