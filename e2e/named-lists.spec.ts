import { readFile } from 'node:fs/promises';
import { readPdf } from '../tests/support/pdf-text';
import { expect, test } from './fixtures';
import { widths } from './support/outbox';
import { tapUntilShown } from './support/taps';

const squeeze = (text: string) => text.replace(/\s+/g, '');

for (const [name, viewport] of [
  ['desktop', widths.desktop],
  ['phone', widths.phone],
] as const) {
  test.describe(`named word lists (${name})`, () => {
    test.use({ viewport });

    test('a learner keeps words from the word panel in a new list, reads it in /Words, renames it, prints it and deletes it', async ({
      page,
      learner,
      dict,
      panel,
      pdfExport,
    }) => {
      test.setTimeout(90_000);
      await dict.open();
      await dict.read('The harvest was abundant this year. Farmers sold their grain at the market.');

      // A new list, named in the panel, takes the first word with its sentence.
      await dict.word('abundant').click();
      await panel.expectLoaded('abundant');
      await panel.root().getByTestId('add-to-list').click();
      await panel.root().getByTestId('add-to-list-new-name').fill('秋天的词');
      // Enter in the name field (on phones the test build's debug console sits over the button).
      await panel.root().getByTestId('add-to-list-new-name').press('Enter');
      await expect(page.getByText('已将 abundant 加入“秋天的词”')).toBeVisible();
      await panel.close().click();
      await panel.expectClosed();

      // The second word goes into the list now offered by name.
      await dict.word('grain').click();
      await panel.expectLoaded('grain');
      await panel.root().getByTestId('add-to-list').click();
      await panel.root().getByTestId('add-to-list-choice').filter({ hasText: '秋天的词' }).press('Enter');
      await expect(page.getByText('已将 grain 加入“秋天的词”')).toBeVisible();
      await panel.close().click();

      await page.goto('/Words');
      const chip = page.getByTestId('named-list-chip').filter({ hasText: '秋天的词' });
      await expect(chip).toContainText('2', { timeout: 15_000 });
      await chip.click();
      await expect(page).toHaveURL(/\/Words\?list=\d+/);
      await expect(page.getByTestId('named-list-title')).toContainText('秋天的词');
      const rows = page.getByTestId('named-list-row');
      await expect(rows).toHaveCount(2, { timeout: 15_000 });
      await expect(rows.first()).toHaveAttribute('data-lemma', 'grain');
      await expect(rows.nth(1).getByTestId('word-list-sentence')).toHaveText('The harvest was abundant this year.');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // Its word opens the panel in the sentence it was kept with.
      await rows.nth(1).getByTestId('named-list-word').click();
      await panel.expectLoaded('abundant');
      await expect(panel.root().getByTestId('word-panel-context')).toContainText('The harvest was abundant this year.');
      await panel.close().click();

      // Renamed in place (Enter saves).
      await page.getByTestId('named-list-rename').click();
      await page.getByTestId('named-list-name').fill('丰收');
      await page.getByTestId('named-list-name').press('Enter');
      await expect(page.getByTestId('named-list-title')).toContainText('丰收');

      // Printed from its page: the PDF holds the list's words with IPA and Chinese.
      await page.getByTestId('named-list-export-pdf').click();
      await expect(page).toHaveURL(/\/pdf\?source=named_list&list_id=\d+/);
      const listId = new URL(page.url()).searchParams.get('list_id');
      await expect(page.getByTestId(`pdf-source-list-${listId}`).getByRole('radio')).toBeChecked();
      const download = await pdfExport.download();
      expect(download.suggestedFilename()).toMatch(/^语境-丰收-\d{4}-\d{2}-\d{2}\.pdf$/);
      const flat = squeeze(readPdf(await readFile(await download.path())).text);
      expect(flat).toContain('共2个单词');
      expect(flat).toContain('abundant英美/əˈbʌndənt/');
      expect(flat).toContain('Farmerssoldtheirgrainatthemarket.');

      // A word removed, then the list deleted after a confirmation.
      await page.goto(`/Words?list=${listId}`);
      await page.locator('[data-testid="named-list-row"][data-lemma="grain"]').getByTestId('named-list-remove-word').click();
      await expect(rows).toHaveCount(1);
      await expect(page.getByTestId('named-list-title')).toContainText('1 个单词');
      await page.getByTestId('named-list-delete').click();
      await page.getByTestId('named-list-delete-confirm').click();
      await expect(page).toHaveURL(/\/Words(\?share_account=\d+)?$/);
      await expect(page.getByTestId('named-list-chip')).toHaveCount(0);
      await expect(page.getByTestId('word-filter-all')).toBeVisible();
    });

    test('a list name already taken is refused with the reason, and an unknown list says so', async ({ page, learner }) => {
      await page.goto('/Words');
      const nameForm = page.getByTestId('named-list-name');
      const create = async (name: string) => {
        // The button is server-rendered: a click before the page hydrates is lost (a CI run
        // waited a minute for the form). Click until the form opens.
        await tapUntilShown(nameForm, () => page.getByTestId('named-list-new').click({ timeout: 1000 }));
        await nameForm.fill(name);
        await page.getByTestId('named-list-name-save').click();
      };
      await create('阅读');
      // The first list is made, and the page has moved to it, before the same name is tried again.
      await expect(page).toHaveURL(/[?&]list=\d+/);
      await expect(page.getByTestId('named-list-chip')).toHaveCount(1);
      await create('阅读');
      await expect(page.getByText('已有名为“阅读”的词单')).toBeVisible();
      await expect(page.getByTestId('named-list-chip')).toHaveCount(1);
      // Escape closes the form without a change.
      await page.getByTestId('named-list-name').press('Escape');
      await expect(page.getByTestId('named-list-new')).toBeVisible();

      await page.goto('/Words?list=999999');
      await expect(page.getByTestId('list-empty')).toContainText('这个词单不存在', { timeout: 15_000 });
    });
  });
}
