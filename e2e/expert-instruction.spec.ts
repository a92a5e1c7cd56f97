import { expect, test } from './fixtures';
import { expertEmail } from './support/expert';
import { widths } from './support/outbox';
import { logInAs } from './support/visitors';

for (const [name, viewport] of [
  ['desktop', widths.desktop],
  ['phone', widths.phone],
] as const) {
  test.describe(`expert instructions (${name})`, () => {
    test.use({ viewport });

    test('an expert writes a new version of the tutor’s instruction; a learner reads it and may not change it', async ({
      page,
      browser,
    }) => {
      test.setTimeout(60_000);
      const instruction = `先用一句话点出句子主干，再讲从句。（${name} ${Date.now()}）`;
      await logInAs(page, expertEmail);
      await page.goto('/ExpertInstruction');
      await expect(page.getByTestId('expert-can-edit')).toBeVisible({ timeout: 15_000 });
      // No header or footer on this screen.
      await expect(page.getByTestId('site-header')).toHaveCount(0);
      await expect(page.getByTestId('expert-scene-tutor')).toHaveAttribute('aria-selected', 'true');
      const before = (await page.getByTestId('expert-version').count()) > 0;

      await page.getByTestId('expert-editor').fill(instruction);
      await expect(page.getByTestId('expert-length')).toContainText(`${instruction.length} / 4000`);
      await page.getByTestId('expert-save').click();
      await expect(page.getByText(/已保存为 v\d+/)).toBeVisible();
      await expect(page.getByTestId('expert-editor')).toHaveValue(instruction);
      await expect(page.getByTestId('expert-save')).toBeDisabled();
      const newest = page.getByTestId('expert-version').first();
      await expect(newest).toContainText(instruction.slice(0, 20));
      await expect(newest).toContainText('expert');
      if (before) expect(await page.getByTestId('expert-version').count()).toBeGreaterThan(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // A colleague saves meanwhile: this draft is refused, not written over theirs, and stays.
      const colleague = await page.request.post('/api/update_expert_instruction', {
        data: { scene: 'tutor', instruction: `${instruction}（同事补充）` },
      });
      expect(colleague.status()).toBe(200);
      const mine = `${instruction} 我的修改`;
      await page.getByTestId('expert-editor').fill(mine);
      await page.getByTestId('expert-save').click();
      await expect(page.getByTestId('expert-error')).toContainText('已被他人更新');
      await expect(page.getByTestId('expert-editor')).toHaveValue(mine);
      await expect(page.getByTestId('expert-version').first()).toContainText('同事补充');
      // Back to the version the learner will see.
      await page.getByTestId('expert-editor').fill(instruction);
      await page.getByTestId('expert-save').click();
      await expect(page.getByTestId('expert-error')).toHaveCount(0);
      await expect(page.getByTestId('expert-version').first()).not.toContainText('同事补充');

      // Another scene is reached by the keyboard and has its own instruction.
      await page.getByTestId('expert-scene-tutor').focus();
      await page.keyboard.press('ArrowRight');
      await expect(page.getByTestId('expert-scene-explain')).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('expert-editor')).not.toHaveValue(instruction);

      // A learner: the same instruction, read-only; the call itself is refused.
      const context = await browser.newContext({ viewport });
      const learnerPage = await context.newPage();
      await learnerPage.goto('/AboutUs');
      await logInAs(learnerPage, `reader${Date.now()}@example.com`);
      await learnerPage.goto('/ExpertInstruction');
      await expect(learnerPage.getByTestId('expert-read-only')).toBeVisible({ timeout: 15_000 });
      await expect(learnerPage.getByTestId('expert-current')).toHaveText(instruction);
      await expect(learnerPage.getByTestId('expert-editor')).toHaveCount(0);
      // The versions and times, but not who wrote them: the expert's nickname and account are not public.
      await expect(learnerPage.getByTestId('expert-version').first()).toBeVisible();
      for (const line of await learnerPage.getByTestId('expert-version-line').all()) {
        await expect(line).toContainText(/^v\d+ · 专家 · /);
      }
      await expect(learnerPage.getByTestId('expert-panel')).not.toContainText('expert');
      const refused = await learnerPage.request.post('/api/update_expert_instruction', {
        data: { scene: 'tutor', instruction: '随便改改' },
      });
      expect(refused.status()).toBe(403);
      await context.close();
    });

    test('a visitor reads the instructions and is offered a login', async ({ page }) => {
      await page.goto('/ExpertInstruction');
      await expect(page.getByTestId('expert-read-only')).toContainText('专家请登录', { timeout: 15_000 });
      await expect(page.getByTestId('expert-editor')).toHaveCount(0);
      await expect(page.getByTestId('expert-history')).toBeVisible();
    });
  });
}
